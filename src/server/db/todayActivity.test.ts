import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asServiceRole, withRequestRole, type RequestClaims } from './requestContext'
import {
  addBooking,
  addCabin,
  addGuest,
  addStaffUser,
  addUser,
  userClaims,
} from '../../../tests/harness/testFixtures'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database } from './types'

interface Activity {
  id: number
  kind: 'arrival' | 'departure'
  status: string
  numNights: number
  cabinName: string
  guests: { fullName: string; nationality: string; countryFlag: string | null }
}

const TODAY = '2026-05-20'

/**
 * A day at the desk (2026-05-20), three cabins:
 *   #  cabin status       stay                created      on today's list
 *   0  A     unconfirmed  05-20 → 05-22      04-10        arrival, to check in
 *   1  B     checked-in   05-20 → 05-23      04-01        arrival, arrived
 *   2  C     checked-in   05-18 → 05-20      04-05        departure, to check out
 *   3  A     checked-out  05-17 → 05-20      04-20        departure, departed
 *   4  B     checked-out  05-16 → 05-19      04-02        no: left yesterday
 *   5  C     unconfirmed  05-21 → 05-24      04-03        no: arrives tomorrow
 *   6  D     checked-in   05-19 → 05-22      04-04        no: in the middle of the stay
 */
describe.each(testDatabaseKinds())('get_today_activity on %s', (kind) => {
  let handle: TestDatabase
  let db: Database
  let staff: RequestClaims
  const ids: number[] = []
  const cabinNames = ['Cabin A', 'Cabin B', 'Cabin C', 'Cabin D']

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    staff = userClaims(await addStaffUser(db))
    await db.query('update public.settings set "minBookingLength" = 1 where id = 1')
    const [a, b, c, d] = [
      await addCabin(db, { name: cabinNames[0] }),
      await addCabin(db, { name: cabinNames[1] }),
      await addCabin(db, { name: cabinNames[2] }),
      await addCabin(db, { name: cabinNames[3] }),
    ]
    const guestId = await addGuest(db, { fullName: 'Ana Costa', countryFlag: null })
    const stays: [number, string, string, number, string][] = [
      [a, 'unconfirmed', '2026-05-20', 2, '2026-04-10T10:00:00Z'],
      [b, 'checked-in', '2026-05-20', 3, '2026-04-01T10:00:00Z'],
      [c, 'checked-in', '2026-05-18', 2, '2026-04-05T10:00:00Z'],
      [a, 'checked-out', '2026-05-17', 3, '2026-04-20T10:00:00Z'],
      [b, 'checked-out', '2026-05-16', 3, '2026-04-02T10:00:00Z'],
      [c, 'unconfirmed', '2026-05-21', 3, '2026-04-03T10:00:00Z'],
      [d, 'checked-in', '2026-05-19', 3, '2026-04-04T10:00:00Z'],
    ]
    for (const [cabinId, status, startDate, nights, created_at] of stays) {
      const fields = { status, isPaid: status !== 'unconfirmed', created_at }
      ids.push(await addBooking(db, { cabinId, guestId, startDate, nights, fields }))
    }
  })
  afterAll(() => handle.drop())

  const todayActivity = (claims = staff, today: string | null = TODAY) =>
    withRequestRole(db, claims, async (tx) => {
      const { rows } = await tx.query<{ a: Activity[] }>('select public.get_today_activity($1) as a', [today])
      return rows[0].a
    })

  it('keeps the guests checked in or out today, departures first, each in booking order', async () => {
    const guests = { fullName: 'Ana Costa', nationality: 'Portugal', countryFlag: null }
    expect(await todayActivity()).toEqual([
      { id: ids[2], kind: 'departure', status: 'checked-in', numNights: 2, cabinName: 'Cabin C', guests },
      { id: ids[3], kind: 'departure', status: 'checked-out', numNights: 3, cabinName: 'Cabin A', guests },
      { id: ids[1], kind: 'arrival', status: 'checked-in', numNights: 3, cabinName: 'Cabin B', guests },
      { id: ids[0], kind: 'arrival', status: 'unconfirmed', numNights: 2, cabinName: 'Cabin A', guests },
    ])
  })

  it('keeps every row in its place as guests are checked in and out', async () => {
    const before = (await todayActivity()).map((row) => row.id)
    await db.query(`update public.bookings set status = 'checked-in', "isPaid" = true where id = $1`, [
      ids[0],
    ])
    await db.query(`update public.bookings set status = 'checked-out' where id = $1`, [ids[2]])
    const after = await todayActivity()
    expect(after.map((row) => row.id)).toEqual(before)
    expect(after.map((row) => row.status)).toEqual(['checked-out', 'checked-out', 'checked-in', 'checked-in'])
  })

  it('is empty on a quiet day', async () => {
    expect(await todayActivity(staff, '2020-01-07')).toEqual([])
  })

  it('answers staff and the service role only, and needs the desk’s date', async () => {
    const outsider = userClaims(await addUser(db))
    await expect(todayActivity(outsider)).rejects.toMatchObject({
      code: '42501',
      message: 'Only staff can view the dashboard',
    })
    await expect(todayActivity(staff, null)).rejects.toMatchObject({
      code: '22023',
      message: "p_today (the desk's local date) is required",
    })
    const { rows } = await asServiceRole(db, (tx) =>
      tx.query<{ a: Activity[] }>(`select public.get_today_activity('${TODAY}') as a`),
    )
    expect(rows[0].a).toHaveLength(4)
  })
})
