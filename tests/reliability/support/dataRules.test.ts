import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../harness/testDatabases'
import type { Queryable } from '../../../src/server/db/types'
import { bookingsBefore, brokenDataRules, type BookingsBefore } from './dataRules'

// The staff fuzz's verdict is only as good as these checks, so each is shown to find a broken row.
// The rows are broken as the owner, most with the rules' triggers off (session_replication_role =
// replica), inside a transaction that is rolled back.
const TRIGGERS_OFF = 'set local session_replication_role = replica;'

describe.each(testDatabaseKinds())('brokenDataRules on %s', (kind) => {
  let database: TestDatabase
  let before: BookingsBefore

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await database.db.exec(`
      insert into public.cabins (id, name, "maxCapacity", "regularPrice") values (1, 'Birch', 2, 100);
      insert into public.guests (id, "fullName") values (1, 'Ana');
      insert into public.bookings (id, "startDate", "endDate", "numNights", "numGuests", "cabinPrice",
        "totalPrice", status, "isPaid", "cabinId", "guestId")
      values (1, '2026-06-01', '2026-06-04', 3, 1, 300, 300, 'checked-out', true, 1, 1),
             (2, '2026-08-01', '2026-08-04', 3, 1, 300, 300, 'unconfirmed', false, 1, 1),
             -- Cancelled and never paid, on booking 2's nights: it holds none of them.
             (4, '2026-08-02', '2026-08-05', 3, 1, 300, 300, 'cancelled', false, 1, 1);`)
    before = await bookingsBefore(database.db)
  })
  afterAll(() => database?.drop())

  it('finds nothing in valid data', async () => {
    expect(await brokenDataRules(database.db, before)).toEqual([])
  })

  it.each([
    ['bookings with invalid', `${TRIGGERS_OFF} update public.bookings set "numNights" = 9 where id = 2`],
    ['cabins with an invalid', `${TRIGGERS_OFF} update public.cabins set "maxCapacity" = 0`],
    [
      'settings other than one valid row',
      `${TRIGGERS_OFF} update public.settings set "minBookingLength" = 0`,
    ],
    ['booking_counts that differ', `${TRIGGERS_OFF} update public.booking_counts set total = total + 1`],
    [
      "a checked-out stay's history changed",
      `${TRIGGERS_OFF} update public.bookings set "cabinPrice" = 1, "totalPrice" = 1 where id = 1`,
    ],
    // With the triggers on, as the owner, who may write past stays (the demo seed does): the counts
    // stay right, so only this promise is broken.
    [
      'a booking inserted as checked in or out',
      `insert into public.bookings (id, "startDate", "endDate", "numNights", "numGuests", "cabinPrice",
         "totalPrice", status, "isPaid", "cabinId", "guestId")
       values (3, '2026-07-01', '2026-07-04', 3, 1, 300, 300, 'checked-in', true, 1, 1)`,
    ],
  ])('finds %s', async (promise, breaking) => {
    const broken = await brokenWhile(breaking)
    expect(broken).not.toEqual([])
    expect(broken.filter((line) => !line.startsWith(promise))).toEqual([])
  })

  async function brokenWhile(sql: string): Promise<string[]> {
    let broken: string[] = []
    const rolledBack = new Error('rolled back')
    await database.db
      .transaction(async (tx: Queryable) => {
        await tx.exec(sql)
        broken = await brokenDataRules(tx, before)
        throw rolledBack
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error
      })
    return broken
  }
})
