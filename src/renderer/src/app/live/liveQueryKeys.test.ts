import { partialMatchKey, type QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { activityKeys } from '../../features/activity/queryKeys'
import { ROLE_QUERY_KEY } from '../../features/auth/roleQuery'
import { USER_QUERY_KEY } from '../../features/auth/userQuery'
import { bookingKeys } from '../../features/bookings/queryKeys'
import { calendarKeys } from '../../features/calendar/queryKeys'
import { CABINS_QUERY_KEY } from '../../features/cabins/queryKeys'
import { dashboardQuery, todayActivityQuery } from '../../features/dashboard/dashboardQuery'
import { guestKeys } from '../../features/guests/queryKeys'
import { SETTINGS_QUERY_KEY } from '../../features/settings/useSettings'
import { STAFF_QUERY_KEY } from '../../features/users/useStaff'
import { LIVE_QUERY_KEYS, LIVE_TABLES, type LiveTable } from './liveQueryKeys'

const stay = { startDate: '2026-11-18', endDate: '2026-11-20', numGuests: 2 }

/** Every query a screen makes, as the screens build its key, and the tables whose rows it shows. */
const SCREENS: [name: string, key: QueryKey, shows: LiveTable[]][] = [
  [
    'bookings list',
    bookingKeys.list({ filter: 'all', sortBy: 'startDate-desc', page: 1 }),
    ['bookings', 'cabins', 'guests'],
  ],
  ['a booking', bookingKeys.detail(7), ['bookings', 'cabins', 'guests']],
  ["a booking's history", activityKeys.booking(7), ['bookings', 'activity_log']],
  ['free cabins', bookingKeys.freeCabins({ ...stay, bookingId: undefined }), ['bookings', 'cabins']],
  ['stay suggestions', [...bookingKeys.freeCabins(undefined), 'suggestions'], ['bookings', 'cabins']],
  ['quote', bookingKeys.quote({ ...stay, cabinId: 3, hasBreakfast: true }), ['cabins', 'settings']],
  ['dashboard', dashboardQuery(7, '2026-11-18').queryKey, ['bookings', 'cabins']],
  ['today', todayActivityQuery('2026-11-18').queryKey, ['bookings', 'cabins', 'guests']],
  ['calendar window', calendarKeys.window('2026-11-18', 14), ['bookings', 'guests']],
  ["calendar's cabins", calendarKeys.cabins, ['cabins']],
  ['cabins', CABINS_QUERY_KEY, ['cabins']],
  [
    'guests directory',
    guestKeys.list({ search: '', sortBy: 'fullName-asc', page: 1 }),
    ['bookings', 'guests'],
  ],
  ['a guest', guestKeys.detail(4), ['bookings', 'cabins', 'guests']],
  ["a guest's stays", guestKeys.stays(4), ['bookings', 'cabins', 'guests']],
  ["booking form's guest search", guestKeys.search('ann'), ['bookings', 'guests']],
  ['settings', SETTINGS_QUERY_KEY, ['settings']],
  ['users', STAFF_QUERY_KEY, ['staff']],
  ['own role', ROLE_QUERY_KEY, ['staff']],
  ['activity log', activityKeys.list({ person: '', kind: '', from: '', to: '', page: 1 }), ['activity_log']],
  ["activity's staff filter", activityKeys.staff, ['staff', 'activity_log']],
  ['signed-in user (auth, no table)', USER_QUERY_KEY, []],
]

const invalidates = (table: LiveTable, key: QueryKey) =>
  LIVE_QUERY_KEYS[table].some((prefix) => partialMatchKey(key, prefix))

describe('LIVE_QUERY_KEYS', () => {
  it.each(SCREENS)('a change refreshes the %s exactly for the tables it shows', (_, key, shows) => {
    const refreshedBy = LIVE_TABLES.filter((table) => invalidates(table, key))
    expect(refreshedBy).toEqual(LIVE_TABLES.filter((table) => shows.includes(table)))
  })

  it('names no key that no screen uses', () => {
    for (const table of LIVE_TABLES)
      for (const prefix of LIVE_QUERY_KEYS[table])
        expect(
          SCREENS.some(([, key]) => partialMatchKey(key, prefix)),
          `${table}: ${String(prefix)}`,
        ).toBe(true)
  })
})
