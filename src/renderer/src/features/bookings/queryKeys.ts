import type { BookingsQuery } from './service'

/** React Query keys of the bookings data; every list page sits under `lists`. */
export const bookingKeys = {
  lists: ['bookings'] as const,
  list: ({ filter, sortBy, page }: BookingsQuery) => ['bookings', filter, sortBy, page] as const,
  detail: (id: number) => ['booking', id] as const,
}
