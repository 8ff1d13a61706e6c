import type { StayQuery } from './form/service'
import type { BookingsQuery } from './service'

/** React Query keys of the bookings data; every list page sits under `lists`, every stay's cabins under `free`. */
export const bookingKeys = {
  lists: ['bookings'] as const,
  list: ({ filter, sortBy, page }: BookingsQuery) => ['bookings', filter, sortBy, page] as const,
  details: ['booking'] as const,
  detail: (id: number) => ['booking', id] as const,
  free: ['free-cabins'] as const,
  freeCabins: (stay: StayQuery | undefined) => ['free-cabins', stay] as const,
}
