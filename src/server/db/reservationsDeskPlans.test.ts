import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/harness/testDatabases'

/**
 * The plan PostgreSQL keeps for the conflict message (issue 16). A SQL function that is not inlined
 * runs a generic plan, made without the values of its arguments: ordered by arrival, that plan walked
 * the arrival index over every booking (a second per call at 500 000 bookings, in every insert's
 * trigger). Its body is prepared here with a generic plan, as the function runs it, on enough bookings
 * (30 000) for the planner to weigh its indexes. On PostgreSQL, where the slow plan was measured.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the conflict message’s plan on postgres', () => {
  let handle: TestDatabase

  beforeAll(async () => {
    handle = await createTestDatabase('postgres')
    const { db } = handle
    // 200 cabins with 150 back-to-back stays each; the triggers are not what is measured here.
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`)
      await tx.query(`insert into public.guests ("fullName") values ('Plan Guest')`)
      await tx.query(
        `insert into public.cabins (name, "maxCapacity", "regularPrice", discount)
         select lpad(i::text, 3, '0'), 4, 100, 0 from generate_series(1, 200) i`,
      )
      await tx.query(
        `insert into public.bookings ("startDate", "endDate", "numNights", "numGuests", "cabinPrice",
                                      "extrasPrice", "totalPrice", status, "hasBreakfast", "isPaid",
                                      "cabinId", "guestId")
         select d, d + 4, 4, 2, 400, 0, 400, 'checked-out', false, true, c.id, g.id
           from public.cabins c, (select min(id) as id from public.guests) g,
                generate_series(0, 149) n, lateral (select date '2020-01-01' + n * 5 as d) s`,
      )
    })
    await db.query('analyze public.bookings')
  }, 60_000)
  afterAll(() => handle?.drop())

  it('reads the cabin’s stays by departure, not every booking by arrival', async () => {
    const { db } = handle
    const { rows } = await db.query<{ prosrc: string }>(
      `select prosrc from pg_proc where oid = 'private.cabin_taken_message(bigint, date, date, bigint)'::regprocedure`,
    )
    const body = ['p_cabin_id', 'p_start_date', 'p_end_date', 'p_booking_id'].reduce(
      (sql, name, i) => sql.replace(new RegExp(`\\b${name}\\b`, 'g'), `$${i + 1}`),
      rows[0].prosrc.trim().replace(/;$/, ''),
    )
    const plan = await db.transaction(async (tx) => {
      await tx.query(`set local plan_cache_mode = force_generic_plan`)
      await tx.query(`prepare taken_message (bigint, date, date, bigint) as ${body}`)
      const explained = await tx.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) execute taken_message (7, '2021-01-01', '2021-01-04', null)`,
      )
      await tx.query('deallocate taken_message')
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('bookings_cabin_stay_idx')
    expect(plan).not.toContain('bookings_start_date_id_idx')
  })
})
