import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withRequestRole } from './requestContext'
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

interface Entry {
  row_id: string
  action: string
  user_id: string | null
  changes: Record<string, { old?: unknown; new?: unknown }>
}

/** booking_history: one booking's own entries of the activity log, for every staff member. */
describe.each(testDatabaseKinds())('booking_history on %s', (kind) => {
  let handle: TestDatabase
  let db: Database
  let desk: string
  let bookingId: number
  let otherBookingId: number

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    desk = await addStaffUser(db, 'front desk')
    const cabinId = await addCabin(db)
    const guestId = await addGuest(db)
    bookingId = await addBooking(db, { cabinId, guestId, startDate: '2027-01-10', nights: 3 })
    otherBookingId = await addBooking(db, { cabinId, guestId, startDate: '2027-02-10', nights: 3 })
    await withRequestRole(db, userClaims(desk), (tx) =>
      tx.query(`update public.bookings set status = 'checked-in', "isPaid" = true where id = $1`, [
        bookingId,
      ]),
    )
  })
  afterAll(() => handle.drop())

  const history = (claims: Parameters<typeof withRequestRole>[1], id: number) =>
    withRequestRole(db, claims, (tx) =>
      tx.query<Entry>('select row_id, action, user_id, changes from public.booking_history($1)', [id]),
    )

  it('gives the front desk that booking’s entries only, newest first, with their author', async () => {
    const { rows } = await history(userClaims(desk), bookingId)
    expect(rows.map((entry) => entry.action)).toEqual(['update', 'insert'])
    expect(rows.every((entry) => entry.row_id === String(bookingId))).toBe(true)
    expect(rows[0]).toMatchObject({
      user_id: desk,
      changes: { status: { old: 'unconfirmed', new: 'checked-in' }, isPaid: { old: false, new: true } },
    })
    const other = await history(userClaims(desk), otherBookingId)
    expect(other.rows.map((entry) => entry.action)).toEqual(['insert'])
  })

  it('refuses anyone who is not staff', async () => {
    await expect(history(userClaims(await addUser(db)), bookingId)).rejects.toMatchObject({
      message: expect.stringMatching(/^Only staff/),
    })
    await expect(history({ role: 'anon' }, bookingId)).rejects.toMatchObject({
      message: expect.stringMatching(/permission denied for function/),
    })
  })
})
