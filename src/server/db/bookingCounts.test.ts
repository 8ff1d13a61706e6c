import { addDays } from '@shared/domain/format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate } from './migrate'
import { openPglite } from './pglite'
import { withRequestRole, type RequestClaims } from './requestContext'
import {
  addBooking,
  addCabin,
  addGuest,
  addStaffUser,
  addUser,
  bookingRow,
  userClaims,
  type StayInput,
} from '../../../tests/harness/testFixtures'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database, Queryable } from './types'

type Counts = Record<string, number>

/** Totals by status from a query answering (status, total). */
async function countsBy(db: Queryable, sql: string): Promise<Counts> {
  const { rows } = await db.query<{ status: string; total: number }>(sql)
  return Object.fromEntries(rows.map((row) => [row.status, row.total]))
}

/** What public.booking_counts says, statuses with no booking left out. */
const keptCounts = (db: Queryable) =>
  countsBy(
    db,
    'select status, total::int as total from public.booking_counts where total > 0 order by status',
  )

/** The same, counted from the bookings themselves. */
const countedCounts = (db: Queryable) =>
  countsBy(db, 'select status, count(*)::int as total from public.bookings group by status order by status')

/** Bookings written by one INSERT statement (`suffix`: e.g. an ON CONFLICT clause). */
async function insertMany(db: Queryable, rows: Record<string, unknown>[], suffix = ''): Promise<number[]> {
  const columns = Object.keys(rows[0])
    .map((column) => `"${column}"`)
    .join(', ')
  const { rows: written } = await db.query<{ id: number }>(
    `insert into public.bookings (${columns})
     select ${columns} from json_populate_recordset(null::public.bookings, $1::json) ${suffix}
     returning id`,
    [JSON.stringify(rows)],
  )
  return written.map((row) => row.id)
}

describe.each(testDatabaseKinds())('booking counts on %s', (kind) => {
  let handle: TestDatabase
  let db: Database
  let guestId: number
  let nextStart = 0

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    guestId = await addGuest(db)
  })
  afterAll(() => handle.drop())

  /** A stay in a cabin of its own, on a date no other test uses. */
  async function stay(): Promise<StayInput> {
    nextStart += 10
    return { cabinId: await addCabin(db), guestId, startDate: addDays('2027-01-01', nextStart), nights: 3 }
  }
  /** Bookings of that kind, inserted by one statement. */
  const insertStays = async (count: number) =>
    insertMany(db, await Promise.all(Array.from({ length: count }, async () => bookingRow(await stay()))))
  const expectKeptCountsRight = async () => expect(await keptCounts(db)).toEqual(await countedCounts(db))

  it('follow single and multi-row inserts', async () => {
    const before = await keptCounts(db)
    await addBooking(db, await stay())
    await insertStays(3)
    expect(await keptCounts(db)).toEqual({ ...before, unconfirmed: (before.unconfirmed ?? 0) + 4 })
    await expectKeptCountsRight()
  })

  it('follow check-in and check-out, and stay untouched by changes that keep the status', async () => {
    const [first, second] = await insertStays(2)
    const version = async () =>
      (
        await db.query<{ xmin: string }>(
          "select string_agg(xmin::text, ',' order by status) as xmin from public.booking_counts",
        )
      ).rows[0].xmin
    const untouched = await version()
    await db.query('update public.bookings set observations = $1, "isPaid" = true where id = any($2)', [
      'Late arrival',
      [first, second],
    ])
    expect(await version()).toBe(untouched)

    const before = await keptCounts(db)
    await db.query(`update public.bookings set status = 'checked-in' where id = any($1)`, [[first, second]])
    await db.query(`update public.bookings set status = 'checked-out' where id = $1`, [first])
    expect(await keptCounts(db)).toEqual({
      ...before,
      unconfirmed: before.unconfirmed - 2,
      'checked-in': (before['checked-in'] ?? 0) + 1,
      'checked-out': (before['checked-out'] ?? 0) + 1,
    })
    await expectKeptCountsRight()
  })

  it('follow deletes, and an upsert that both inserts and updates', async () => {
    const ids = await insertStays(2)
    await db.query(`update public.bookings set "isPaid" = true, status = 'checked-in' where id = any($1)`, [
      ids,
    ])
    await db.query(`update public.bookings set status = 'checked-out' where id = any($1)`, [ids])
    await db.query('delete from public.bookings where id = any($1)', [ids])
    await expectKeptCountsRight()

    const [existing] = await insertStays(1)
    const before = await keptCounts(db)
    const [{ id: free }] = (
      await db.query<{ id: number }>('select max(id)::int + 1000 as id from public.bookings')
    ).rows
    const changedAndNew = [
      { ...bookingRow(await stay()), id: existing, observations: 'Changed' },
      { ...bookingRow(await stay()), id: free },
    ]
    await insertMany(db, changedAndNew, 'on conflict (id) do update set observations = excluded.observations')
    expect(await keptCounts(db)).toEqual({ ...before, unconfirmed: before.unconfirmed + 1 })
    await expectKeptCountsRight()
  })

  it('leave no trace of a change rolled back, and show a transaction its own change', async () => {
    const before = await keptCounts(db)
    const input = await stay()
    await expect(
      db.transaction(async (tx) => {
        await addBooking(tx, input)
        expect((await keptCounts(tx)).unconfirmed).toBe((before.unconfirmed ?? 0) + 1)
        throw new Error('rolled back on purpose')
      }),
    ).rejects.toThrow('rolled back on purpose')
    expect(await keptCounts(db)).toEqual(before)
  })

  it('stay right when desks check in, check out and book at the same moment', async () => {
    const arriving = await insertStays(6)
    const leaving = await insertStays(6)
    await db.query(`update public.bookings set "isPaid" = true where id = any($1)`, [
      [...arriving, ...leaving],
    ])
    await db.query(`update public.bookings set status = 'checked-in' where id = any($1)`, [leaving])
    const newStays = await Promise.all(Array.from({ length: 6 }, async () => bookingRow(await stay())))

    // On PostgreSQL each statement runs on its own connection of the pool, truly at once.
    await Promise.all([
      ...arriving.map((id) =>
        db.query(`update public.bookings set status = 'checked-in' where id = $1`, [id]),
      ),
      ...leaving.map((id) =>
        db.query(`update public.bookings set status = 'checked-out' where id = $1`, [id]),
      ),
      ...newStays.map((row) => insertMany(db, [row])),
    ])
    await expectKeptCountsRight()
  })

  it('start again from zero when the bookings are truncated', async () => {
    const input = await stay()
    await db.transaction(async (tx) => {
      await tx.exec('truncate public.bookings')
      expect(await keptCounts(tx)).toEqual({})
      await addBooking(tx, input)
      expect(await keptCounts(tx)).toEqual({ unconfirmed: 1 })
    })
    await expectKeptCountsRight()
  })

  describe('through the API roles', () => {
    let staff: RequestClaims
    let stranger: RequestClaims
    beforeAll(async () => {
      staff = userClaims(await addStaffUser(db))
      stranger = userClaims(await addUser(db))
    })

    it('are read by staff, as the bookings they count', async () => {
      const asStaff = await withRequestRole(db, staff, (tx) => keptCounts(tx))
      expect(asStaff).toEqual(await countedCounts(db))
    })

    it.each([
      ['anon', (): RequestClaims => ({ role: 'anon' })],
      ['a signed-up user who is not staff', () => stranger],
    ])('are hidden from %s', async (_who, claims) => {
      expect(
        (await withRequestRole(db, claims(), (tx) => tx.query('select * from public.booking_counts'))).rows,
      ).toEqual([])
    })

    it.each([
      'insert into public.booking_counts (status, total) values ($$cancelled$$, 1)',
      'update public.booking_counts set total = total + 1',
      'delete from public.booking_counts',
      'truncate public.booking_counts',
      'select public.count_bookings_by_status()',
    ])('cannot be changed by staff: %s', async (sql) => {
      const before = await keptCounts(db)
      await expect(withRequestRole(db, staff, (tx) => tx.query(sql))).rejects.toMatchObject({ code: '42501' })
      expect(await keptCounts(db)).toEqual(before)
    })
  })
})

describe('the booking counts migration', () => {
  it('counts the bookings a database already has', async () => {
    const db = await openPglite()
    const counts = MIGRATIONS.find((m) => m.name === 'booking_counts')!
    // The database as it was before that migration (the later ones build on it).
    const before = MIGRATIONS.filter((m) => m.version < counts.version)
    try {
      await migrate(db, before)
      const cabinId = await addCabin(db)
      const guestId = await addGuest(db)
      for (const startDate of ['2027-03-01', '2027-03-10', '2027-03-20']) {
        await addBooking(db, { cabinId, guestId, startDate, nights: 3 })
      }
      await db.query(
        `update public.bookings set "isPaid" = true, status = 'checked-in' where "startDate" = '2027-03-01'`,
      )

      expect((await migrate(db))[0]).toBe(counts.version)
      expect(await keptCounts(db)).toEqual({ 'checked-in': 1, unconfirmed: 2 })
    } finally {
      await db.close()
    }
  })
})
