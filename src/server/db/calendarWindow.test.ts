import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unpackCalendarWindow, type CalendarWindowAnswer } from '@shared/domain/calendarWindow'
import { withRequestRole, type RequestClaims } from './requestContext'
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

/** The window of these tests: 1 to 14 March (the function does not look at today). */
const FROM = '2030-03-01'
const DAYS = 14

/**
 * The calendar's window (issue 17), called as the calendar calls it with supabase.rpc and unpacked as
 * its service unpacks the compact answer: which stays a window draws (the departure day counts,
 * cancelled ones never), in which order, with which fields, and who may ask.
 */
describe.each(testDatabaseKinds())('the calendar window on %s', (kind) => {
  let handle: TestDatabase
  let db: Database
  let staff: RequestClaims
  let outsider: RequestClaims
  const id: Record<string, number> = {}

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    staff = userClaims(await addStaffUser(db))
    outsider = userClaims(await addUser(db))
    const ana = await addGuest(db, { fullName: 'Ana Costa', countryFlag: 'https://flagcdn.com/pt.svg' })
    const noFlag = await addGuest(db, { fullName: 'Lee Park', countryFlag: null })
    // Cabins are created in this order, so their ids are too: the expected order is A, B, C.
    const [a, b, c] = [await addCabin(db), await addCabin(db), await addCabin(db)]
    Object.assign(id, { a, b, c })
    const stay = (cabinId: number, startDate: string, nights: number, guestId = ana) =>
      addBooking(db, { cabinId, guestId, startDate, nights })
    // Inserted out of order: the answer's order must come from the query.
    id.spanning = await stay(c, '2030-02-20', 28)
    id.arrivesOnLast = await stay(a, '2030-03-14', 3)
    id.endsBeforeFirst = await stay(a, '2030-02-25', 3)
    id.middle = await stay(a, '2030-03-05', 3)
    id.departsOnFirst = await stay(b, '2030-02-26', 3)
    id.arrivesAfterLast = await stay(b, '2030-03-15', 3)
    id.cancelled = await stay(b, '2030-03-02', 4)
    await db.query(`update public.bookings set status = 'cancelled' where id = $1`, [id.cancelled])
    // On the cancelled stay's nights: they are free again.
    id.replacing = await stay(b, '2030-03-03', 4, noFlag)
    await db.query(`update public.bookings set "isPaid" = true, status = 'checked-in' where id = $1`, [
      id.middle,
    ])
  })
  afterAll(() => handle?.drop())

  const answer = (p_from: unknown, p_days: unknown, claims: RequestClaims = staff) =>
    withRequestRole(db, claims, async (tx) => {
      const { rows } = await tx.query<{ answer: CalendarWindowAnswer }>(
        'select public.calendar_window(p_from => $1, p_days => $2) as answer',
        [p_from, p_days],
      )
      return rows[0].answer
    })
  const calendar = async (p_from: unknown, p_days: unknown, claims?: RequestClaims) =>
    unpackCalendarWindow(await answer(p_from, p_days, claims))
  const ids = async (from: string, days: number) => (await calendar(from, days)).map((row) => row.id)

  it('draws every stay touching the window, departure day included, by cabin then arrival', async () => {
    expect(await ids(FROM, DAYS)).toEqual([
      id.middle,
      id.arrivesOnLast,
      id.departsOnFirst,
      id.replacing,
      id.spanning,
    ])
  })

  it('keeps the edges: a departure on the first day is in, a departure the day before is out', async () => {
    // One day later the stay departing on 1 March no longer touches it; one day earlier the stay
    // departing on 28 February does.
    expect(await ids('2030-03-02', DAYS)).not.toContain(id.departsOnFirst)
    expect(await ids('2030-02-28', DAYS)).toContain(id.endsBeforeFirst)
    expect(await ids(FROM, DAYS)).not.toContain(id.endsBeforeFirst)
  })

  it('keeps the edges: an arrival on the last day is in, an arrival the day after is out', async () => {
    expect(await ids(FROM, 13)).not.toContain(id.arrivesOnLast)
    expect(await ids(FROM, 15)).toContain(id.arrivesAfterLast)
    expect(await ids(FROM, DAYS)).not.toContain(id.arrivesAfterLast)
  })

  it('leaves cancelled bookings out', async () => {
    expect(await ids('2030-03-02', 4)).not.toContain(id.cancelled)
    expect(await ids('2030-03-02', 4)).toContain(id.replacing)
  })

  it('answers a one-day window with the stays on that day, the half day of a departure too', async () => {
    expect(await ids(FROM, 1)).toEqual([id.departsOnFirst, id.spanning])
  })

  it('gives the fields a bar needs, the guest’s name and flag with them', async () => {
    const rows = await calendar(FROM, DAYS)
    expect(rows.find((row) => row.id === id.middle)).toEqual({
      id: id.middle,
      cabinId: id.a,
      startDate: '2030-03-05',
      endDate: '2030-03-08',
      numNights: 3,
      numGuests: 2,
      status: 'checked-in',
      totalPrice: 540,
      isPaid: true,
      guestName: 'Ana Costa',
      countryFlag: 'https://flagcdn.com/pt.svg',
    })
    expect(rows.find((row) => row.id === id.replacing)).toMatchObject({
      status: 'unconfirmed',
      isPaid: false,
      guestName: 'Lee Park',
      countryFlag: null,
    })
  })

  it('sends each guest once, however many of the window’s stays are theirs', async () => {
    const { guestId, guests } = await answer(FROM, DAYS)
    expect(guestId).toHaveLength(5)
    const guestIds = guests.flatMap((group) => group.id)
    expect([...guestIds].sort()).toEqual([...new Set(guestId)].sort())
    expect(guestIds).toHaveLength(2)
  })

  it('sends each flag once, with the guests who have it', async () => {
    // A window of its own, in June: two more guests from Portugal, one with two stays there.
    const rui = await addGuest(db, { fullName: 'Rui Lopes', countryFlag: 'https://flagcdn.com/pt.svg' })
    const eva = await addGuest(db, { fullName: 'Eva Lopes', countryFlag: 'https://flagcdn.com/pt.svg' })
    const june = [
      await addBooking(db, { cabinId: id.a, guestId: rui, startDate: '2030-06-02', nights: 3 }),
      await addBooking(db, { cabinId: id.b, guestId: eva, startDate: '2030-06-03', nights: 3 }),
      await addBooking(db, { cabinId: id.a, guestId: rui, startDate: '2030-06-06', nights: 3 }),
    ]
    const { guests } = await answer('2030-06-01', DAYS)
    expect(guests).toHaveLength(1)
    expect(guests[0].countryFlag).toBe('https://flagcdn.com/pt.svg')
    expect([...guests[0].id].sort()).toEqual([rui, eva].sort())
    const stays = await calendar('2030-06-01', DAYS)
    expect(stays.map(({ id, guestName }) => [id, guestName])).toEqual([
      [june[0], 'Rui Lopes'],
      [june[2], 'Rui Lopes'],
      [june[1], 'Eva Lopes'],
    ])
  })

  it('answers a window without stays with empty columns', async () => {
    const empty = await answer('2031-01-01', DAYS)
    expect(empty).toMatchObject({ from: '2031-01-01', id: [], arrival: [], state: [], guestId: [] })
    expect(empty.guests).toEqual([])
    expect(unpackCalendarWindow(empty)).toEqual([])
  })

  it('shows 1 to 62 days', async () => {
    expect(await ids(FROM, 62)).toContain(id.arrivesAfterLast)
    for (const days of [0, -1, 63, 10_000, null]) {
      await expect(calendar(FROM, days), String(days)).rejects.toMatchObject({
        code: '22023',
        message: 'The calendar shows 1 to 62 days',
      })
    }
  })

  it('needs a first day', async () => {
    await expect(calendar(null, DAYS)).rejects.toMatchObject({
      code: '22023',
      message: 'The calendar needs a first day',
    })
  })

  it('answers staff only: a signed-up account that is not staff and the anon key are refused', async () => {
    await expect(calendar(FROM, DAYS, outsider)).rejects.toMatchObject({
      code: '42501',
      message: 'Only staff can take and change bookings',
    })
    // Execute is revoked from anon: refused before the function runs.
    await expect(calendar(FROM, DAYS, { role: 'anon' })).rejects.toMatchObject({ code: '42501' })
  })
})

/**
 * The window's plan on a property large enough for the planner to weigh its indexes (500 cabins with
 * 60 back-to-back stays each, 30 000 bookings over a year and a half, 20 000 guests): the stays come
 * from bookings_stay_idx alone, not from every booking nor from the exclusion constraint's index (read
 * by dates alone it was 10-20 times slower at 500 000 bookings), and their guests by id. The body is
 * explained as the function runs it: with the values of its arguments (the first calls) and with a
 * generic plan (PL/pgSQL's later ones). Both are index-only: the guests' too, whose name and flag
 * the window reads from guests_id_name_flag_idx instead of one random heap page of guests per stay,
 * in one scan for all their ids instead of one look-up per stay. (With a few thousand guests the
 * planner rightly reads so small a table through its primary key and heap instead.)
 */
describe.each(testDatabaseKinds())('the calendar window’s plan on %s', (kind) => {
  let handle: TestDatabase

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    const { db } = handle
    await db.transaction(async (tx) => {
      // The rule triggers are not what is measured here.
      await tx.query(`set local session_replication_role = replica`)
      await tx.query(
        `insert into public.guests ("fullName", "countryFlag")
         select 'Plan Guest ' || i, 'https://flagcdn.com/pt.svg' from generate_series(1, 20000) i`,
      )
      await tx.query(
        `insert into public.cabins (name, "maxCapacity", "regularPrice", discount)
         select lpad(i::text, 3, '0'), 4, 100, 0 from generate_series(1, 500) i`,
      )
      await tx.query(
        `insert into public.bookings ("startDate", "endDate", "numNights", "numGuests", "cabinPrice",
                                      "extrasPrice", "totalPrice", status, "hasBreakfast", "isPaid",
                                      "cabinId", "guestId")
         select d, d + 8, 8, 2, 800, 0, 800, case when n % 10 = 0 then 'cancelled' else 'checked-out' end,
                false, true, c.id, (select min(id) from public.guests) + (c.id * 60 + n) % 20000
           from public.cabins c, generate_series(0, 59) n,
                lateral (select date '2030-01-01' + n * 9 as d) s`,
      )
    })
    // What the server's maintenance does after a load (see maintenance.ts): visibility and statistics.
    await db.exec('vacuum (analyze) public.bookings, public.guests, public.cabins')
  }, 120_000)
  afterAll(() => handle?.drop())

  async function explain(generic: boolean): Promise<string> {
    const { db } = handle
    const { rows } = await db.query<{ prosrc: string }>(
      `select prosrc from pg_proc where oid = 'public.calendar_window(date, integer)'::regprocedure`,
    )
    const query = /return \(\s*([\s\S]+?)\s*\);\s*end/.exec(rows[0].prosrc)![1]
    const body = ['p_from', 'p_days'].reduce(
      (sql, name, i) => sql.replace(new RegExp(`\\b${name}\\b`, 'g'), `$${i + 1}`),
      query,
    )
    return db.transaction(async (tx) => {
      await tx.query(`set local plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`)
      await tx.query(`prepare calendar_window_body (date, integer) as ${body}`)
      const explained = await tx.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) execute calendar_window_body ('2030-06-01', 31)`,
      )
      await tx.query('deallocate calendar_window_body')
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n')
    })
  }

  it.each([
    ['the values of its arguments', false],
    ['a generic plan', true],
  ])('reads the window’s stays from bookings_stay_idx with %s', async (_, generic) => {
    const plan = await explain(generic)
    expect(plan).toMatch(/Index Only Scan using bookings_stay_idx on bookings/)
    // The stays' guests by their ids, from the index alone: not every guest read into a hash, nor
    // one look-up per stay.
    expect(plan).toMatch(
      /Index Only Scan using guests_id_name_flag_idx on guests g\n\s+Index Cond: \(id = ANY/,
    )
    expect(plan).not.toMatch(/Nested Loop/)
    expect(plan).not.toMatch(/Seq Scan|bookings_no_overlap/)
  })
})
