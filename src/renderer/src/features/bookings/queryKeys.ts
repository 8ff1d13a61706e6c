import type { PricedStay } from '@shared/domain/reservations'
import { guestKeys } from '../guests/queryKeys'
import type { StayQuery } from './form/service'
import type { BookingsQuery } from './service'

/** React Query keys of the bookings data; every list page sits under `lists`, every stay's cabins under `free`. */
export const bookingKeys = {
  lists: ['bookings'] as const,
  list: ({ filter, sortBy, page }: BookingsQuery) => ['bookings', filter, sortBy, page] as const,
  /** The stays touching a day (the day sheet): under `lists`, so every booking change refreshes it. */
  day: (day: string) => ['bookings', 'day', day] as const,
  details: ['booking'] as const,
  detail: (id: number) => ['booking', id] as const,
  free: ['free-cabins'] as const,
  freeCabins: (stay: StayQuery | undefined) => ['free-cabins', stay] as const,
  /** The prices the database would store for a stay (quote_stay); every stay's under `quotes`. */
  quotes: ['stay-quote'] as const,
  quote: (stay: PricedStay | undefined) => ['stay-quote', stay] as const,
}

/** Every query that shows bookings or what they hold: a saved or moved stay changes all of them. */
export const BOOKING_QUERIES = [
  bookingKeys.lists,
  bookingKeys.details,
  bookingKeys.free,
  ['dashboard'],
  ['today-activity'],
  ['calendar'],
  guestKeys.searches,
  // A guest's page lists their stays and the directory counts them; a new guest joins the directory.
  guestKeys.lists,
  guestKeys.pages,
]
