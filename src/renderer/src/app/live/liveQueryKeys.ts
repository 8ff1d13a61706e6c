import type { QueryKey } from '@tanstack/react-query'
import { activityKeys } from '../../features/activity/queryKeys'
import { ROLE_QUERY_KEY } from '../../features/auth/roleQuery'
import { BOOKING_QUERIES, bookingKeys } from '../../features/bookings/queryKeys'
import { calendarKeys } from '../../features/calendar/queryKeys'
import { CABINS_QUERY_KEY } from '../../features/cabins/queryKeys'
import { guestKeys } from '../../features/guests/queryKeys'
import { SETTINGS_QUERY_KEY } from '../../features/settings/useSettings'
import { STAFF_QUERY_KEY } from '../../features/users/useStaff'

/** The tables whose changes the app listens to (each is in the `supabase_realtime` publication). */
export const LIVE_TABLES = ['bookings', 'cabins', 'guests', 'settings', 'staff', 'activity_log'] as const
export type LiveTable = (typeof LIVE_TABLES)[number]

const DASHBOARD = ['dashboard'] as const
const TODAY = ['today-activity'] as const

/**
 * For each table, the query keys (prefixes) of every screen that shows some of it, and no others. A
 * key here refetches what is on screen and marks the rest stale; a key missing leaves a screen
 * behind, one too many costs a request per change at every desk.
 */
export const LIVE_QUERY_KEYS: Record<LiveTable, readonly QueryKey[]> = {
  // Every screen that shows a stay, as after a save at this desk, and the booking's own history: the
  // front desk reads it through booking_history, not the (admins') activity log.
  bookings: [...BOOKING_QUERIES, activityKeys.bookingHistories],
  // Names, capacities and prices: the cabins list and the calendar's rows (both under `cabins`), a
  // stay's cabin name (lists, a booking, a guest's stays, today's list), what is free and its price,
  // and the occupancy the dashboard divides by the number of cabins.
  cabins: [
    CABINS_QUERY_KEY,
    bookingKeys.lists,
    bookingKeys.details,
    bookingKeys.free,
    bookingKeys.quotes,
    guestKeys.pages,
    DASHBOARD,
    TODAY,
  ],
  // A guest's name and flag show on the bookings list, a booking, the calendar's bars and today's list.
  guests: [
    guestKeys.lists,
    guestKeys.pages,
    guestKeys.searches,
    bookingKeys.lists,
    bookingKeys.details,
    calendarKeys.all,
    TODAY,
  ],
  // The settings screen, and the rules and breakfast price the booking form quotes with.
  settings: [SETTINGS_QUERY_KEY, bookingKeys.quotes],
  // The Users screen, the activity filter's staff, and one's own role (sidebar, admins' screens).
  staff: [STAFF_QUERY_KEY, activityKeys.staff, ROLE_QUERY_KEY],
  activity_log: [activityKeys.lists, activityKeys.bookingHistories],
}
