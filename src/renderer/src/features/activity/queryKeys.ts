import type { ActivityQuery } from './service'

/** React Query keys of the activity data; every page of the log sits under `lists`. */
export const activityKeys = {
  lists: ['activity'] as const,
  list: ({ person, kind, from, to, page }: ActivityQuery) =>
    ['activity', person, kind, from, to, page] as const,
  staff: ['activity', 'staff'] as const,
  /** Every booking's history (booking_history). */
  bookingHistories: ['booking-history'] as const,
  booking: (bookingId: number) => ['booking-history', bookingId] as const,
}
