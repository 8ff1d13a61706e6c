import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/shared/database.types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Every query the app makes, through supabase-js against the real server (PGlite, demo data), as
 * the demo staff member; then what anon and a signed-up stranger may do (nothing).
 */
const TODAY = '2026-06-15'

describe.each(testDatabaseKinds())('REST with supabase-js on %s', (kind) => {
  let server: TestServer
  let staff: SupabaseClient<Database>
  let anon: SupabaseClient<Database>

  const BOOKING_LIST =
    'id, created_at, startDate, endDate, numNights, numGuests, status, totalPrice, cabins(name), guests(fullName, email)'

  beforeAll(async () => {
    server = await startTestServer({ today: () => TODAY }, kind)
    staff = server.client()
    const { error } = await staff.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    if (error) throw error
    anon = server.client()
  })
  afterAll(() => server?.stop())

  describe('bookings list (E1)', () => {
    it('returns a page with embedded cabin and guest, an exact count and 206 while more pages remain', async () => {
      const { data, count, status, error } = await staff
        .from('bookings')
        .select(BOOKING_LIST, { count: 'exact' })
        .order('startDate', { ascending: false })
        .range(0, 9)
      expect(error).toBeNull()
      expect(status).toBe(206)
      expect(count).toBeGreaterThan(40)
      expect(data).toHaveLength(10)
      const first = data![0]
      expect(Object.keys(first)).toEqual([
        'id',
        'created_at',
        'startDate',
        'endDate',
        'numNights',
        'numGuests',
        'status',
        'totalPrice',
        'cabins',
        'guests',
      ])
      expect(first.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/)
      expect(typeof first.totalPrice).toBe('number')
      expect(first.cabins).toEqual({ name: expect.any(String) })
      expect(first.guests).toEqual({ fullName: expect.any(String), email: expect.any(String) })
      const dates = data!.map((b) => b.startDate)
      expect(dates).toEqual([...dates].sort().reverse())
    })

    it('filters by status and sorts by total price both ways', async () => {
      for (const ascending of [true, false]) {
        const { data, error } = await staff
          .from('bookings')
          .select(BOOKING_LIST, { count: 'exact' })
          .eq('status', 'checked-out')
          .order('totalPrice', { ascending })
          .range(0, 9)
        expect(error).toBeNull()
        expect(data!.every((b) => b.status === 'checked-out')).toBe(true)
        const prices = data!.map((b) => b.totalPrice as number)
        expect(prices).toEqual([...prices].sort((a, b) => (ascending ? a - b : b - a)))
      }
    })

    it('walks every page: the last page is 200 or 206 and a page past the end is 416 PGRST103', async () => {
      const { count } = await staff.from('bookings').select('id', { count: 'exact', head: true })
      const pageSize = 10
      const pages = Math.ceil(count! / pageSize)
      const seen = new Set<number>()
      for (let page = 0; page < pages; page++) {
        const { data, error } = await staff
          .from('bookings')
          .select('id', { count: 'exact' })
          .order('id')
          .range(page * pageSize, (page + 1) * pageSize - 1)
        expect(error).toBeNull()
        for (const b of data!) seen.add(b.id as number)
      }
      expect(seen.size).toBe(count)
      const all = await staff
        .from('bookings')
        .select('id', { count: 'exact' })
        .range(0, count! - 1)
      expect(all.status).toBe(200)
      const past = await staff
        .from('bookings')
        .select('id', { count: 'exact' })
        .range((pages + 1) * pageSize, (pages + 2) * pageSize - 1)
      expect(past.status).toBe(416)
      expect(past.data).toBeNull()
      expect(past.error).toMatchObject({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: `An offset of ${(pages + 1) * pageSize} was requested, but there are only ${count} rows.`,
      })
    })

    it('counts with head: true without a body', async () => {
      const { data, count, status } = await staff.from('bookings').select('*', { count: 'exact', head: true })
      expect(status).toBe(200)
      expect(data).toBeNull()
      expect(count).toBeGreaterThan(40)
    })
  })

  describe('one booking (E2)', () => {
    it('returns the booking with cabin and guest as one object', async () => {
      const { data: list } = await staff.from('bookings').select('id').limit(1)
      const id = list![0].id as number
      const { data, error } = await staff
        .from('bookings')
        .select('*, cabins(*), guests(*)')
        .eq('id', id)
        .single()
      expect(error).toBeNull()
      expect(data).toMatchObject({
        id,
        cabins: { id: expect.any(Number) },
        guests: { id: expect.any(Number) },
      })
      expect(typeof data!.cabins.regularPrice).toBe('number')
      expect(data!.guests.countryFlag).toMatch(/^https:\/\/flagcdn\.com\//)
    })

    it('answers a missing booking with PGRST116 (single) or null (maybeSingle)', async () => {
      const single = await staff.from('bookings').select('*').eq('id', 999999).single()
      expect(single.status).toBe(406)
      expect(single.error).toMatchObject({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        message: 'Cannot coerce the result to a single JSON object',
      })
      const maybe = await staff.from('bookings').select('*').eq('id', 999999).maybeSingle()
      expect(maybe.error).toBeNull()
      expect(maybe.data).toBeNull()
    })
  })

  describe("today's activity (E3)", () => {
    it('finds arrivals and departures of today with a nested or filter', async () => {
      const { data, error } = await staff
        .from('bookings')
        .select('*, guests(fullName, nationality, countryFlag)')
        .or(
          `and(status.eq.unconfirmed,startDate.eq.${TODAY}T00:00:00.000Z),and(status.eq.checked-in,endDate.eq.${TODAY}T00:00:00.000Z)`,
        )
        .order('created_at')
      expect(error).toBeNull()
      const arrivals = data!.filter((b) => b.status === 'unconfirmed')
      const departures = data!.filter((b) => b.status === 'checked-in')
      expect(arrivals.length).toBeGreaterThanOrEqual(2)
      expect(departures.length).toBeGreaterThanOrEqual(2)
      expect(arrivals.every((b) => b.startDate === TODAY)).toBe(true)
      expect(departures.every((b) => b.endDate === TODAY)).toBe(true)
      expect(data![0].guests).toEqual({
        fullName: expect.any(String),
        nationality: expect.any(String),
        countryFlag: expect.any(String),
      })
      const created = data!.map((b) => b.created_at as string)
      expect(created).toEqual([...created].sort())
    })
  })

  describe('booking writes', () => {
    it('checks a paid arrival in with update().select().single()', async () => {
      const { data: arrivals } = await staff
        .from('bookings')
        .select('id')
        .eq('status', 'unconfirmed')
        .eq('startDate', TODAY)
        .limit(1)
      const id = arrivals![0].id as number
      const { data, error } = await staff
        .from('bookings')
        .update({ status: 'checked-in', isPaid: true })
        .eq('id', id)
        .select()
        .single()
      expect(error).toBeNull()
      expect(data).toMatchObject({ id, status: 'checked-in', isPaid: true })
    })

    it('words a refused transition from the database (400 23514)', async () => {
      const { data: rows } = await staff.from('bookings').select('id').eq('status', 'checked-out').limit(1)
      const { error, status } = await staff
        .from('bookings')
        .update({ status: 'unconfirmed' })
        .eq('id', rows![0].id)
        .select()
        .single()
      expect(status).toBe(400)
      expect(error).toMatchObject({
        code: '23514',
        message: 'A booking that is checked-out cannot become unconfirmed',
      })
    })

    it('deletes a checked-out booking', async () => {
      const { data: rows } = await staff.from('bookings').select('id').eq('status', 'checked-out').limit(1)
      const id = rows![0].id as number
      const { error, status } = await staff.from('bookings').delete().eq('id', id)
      expect(error).toBeNull()
      expect(status).toBe(204)
      const { data } = await staff.from('bookings').select('id').eq('id', id)
      expect(data).toEqual([])
    })
  })

  describe('cabins (E4, E5)', () => {
    it('lists cabins ordered by created_at', async () => {
      const { data, error } = await staff.from('cabins').select('*').order('created_at')
      expect(error).toBeNull()
      expect(data!.length).toBeGreaterThanOrEqual(8)
      expect(data![0]).toMatchObject({
        name: expect.any(String),
        maxCapacity: expect.any(Number),
        regularPrice: expect.any(Number),
      })
    })

    it('creates, edits and deletes a cabin; a duplicate name is 409 without key values', async () => {
      const created = await staff
        .from('cabins')
        .insert([
          {
            name: 'T01',
            maxCapacity: 3,
            regularPrice: 300,
            discount: 0,
            description: 'New',
            image: 'http://x/y.jpg',
          },
        ])
        .select()
        .single()
      expect(created.error).toBeNull()
      expect(created.status).toBe(201)
      expect(created.data).toMatchObject({
        name: 'T01',
        maxCapacity: 3,
        regularPrice: 300,
        image: 'http://x/y.jpg',
      })
      const id = created.data!.id as number

      const duplicate = await staff
        .from('cabins')
        .insert([{ name: 'T01', maxCapacity: 1, regularPrice: 10 }])
        .select()
        .single()
      expect(duplicate.status).toBe(409)
      expect(duplicate.error).toMatchObject({
        code: '23505',
        message: 'duplicate key value violates unique constraint "cabins_name_key"',
        details: null,
      })

      const edited = await staff
        .from('cabins')
        .update({ name: 'T01b', discount: 50 })
        .eq('id', id)
        .select()
        .single()
      expect(edited.error).toBeNull()
      expect(edited.data).toMatchObject({ id, name: 'T01b', discount: 50 })

      const removed = await staff.from('cabins').delete().eq('id', id)
      expect(removed.error).toBeNull()
      expect(removed.status).toBe(204)
    })

    it('refuses to delete a cabin with bookings (409 23503)', async () => {
      const { data } = await staff.from('bookings').select('cabinId').limit(1)
      const { error, status } = await staff.from('cabins').delete().eq('id', data![0].cabinId)
      expect(status).toBe(409)
      expect(error).toMatchObject({ code: '23503' })
    })
  })

  describe('settings', () => {
    it('reads the one row and updates it', async () => {
      const { data, error } = await staff.from('settings').select('*').single()
      expect(error).toBeNull()
      expect(data).toMatchObject({
        id: 1,
        minBookingLength: expect.any(Number),
        breakfastPrice: expect.any(Number),
      })
      const update = await staff.from('settings').update({ breakfastPrice: 20 }).eq('id', 1).single()
      expect(update.error).toBeNull()
      expect(update.status).toBe(204)
      expect(update.data).toBeNull()
      const { data: after } = await staff.from('settings').select('breakfastPrice').single()
      expect(after).toEqual({ breakfastPrice: 20 })
    })

    it('words a minimum above the maximum', async () => {
      const { error, status } = await staff.from('settings').update({ minBookingLength: 500 }).eq('id', 1)
      expect(status).toBe(400)
      expect(error?.code).toBe('23514')
    })
  })

  describe('dashboard rpc', () => {
    /** get_dashboard answers json, which the generated types call Json: the part these tests read. */
    type DashboardJson = { salesByDay: { date: string }[] }

    it('returns the figures of the period as JSON', async () => {
      const { data, error } = await staff.rpc('get_dashboard', {
        p_today: TODAY,
        p_days: 7,
        p_time_zone: 'UTC',
      })
      expect(error).toBeNull()
      expect(data).toMatchObject({
        stats: {
          bookings: expect.any(Number),
          sales: expect.any(Number),
          checkIns: expect.any(Number),
          cabinCount: 8,
        },
      })
      const { salesByDay } = data as DashboardJson
      expect(salesByDay).toHaveLength(7)
      expect(salesByDay[6].date).toBe(TODAY)
    })

    it('works with GET too (read-only)', async () => {
      const { data, error } = await staff.rpc('get_dashboard', { p_today: TODAY, p_days: 30 }, { get: true })
      expect(error).toBeNull()
      expect((data as DashboardJson).salesByDay).toHaveLength(30)
    })
  })

  describe('row level security', () => {
    it('shows anon empty lists on every table and refuses its writes with 401 42501', async () => {
      for (const table of ['cabins', 'guests', 'bookings', 'settings', 'staff', 'staff_invites'] as const) {
        const { data, error } = await anon.from(table).select('*')
        expect(error, table).toBeNull()
        expect(data, table).toEqual([])
      }
      const insert = await anon.from('cabins').insert({ name: 'X', maxCapacity: 1, regularPrice: 1 })
      expect(insert.status).toBe(401)
      expect(insert.error).toMatchObject({ code: '42501' })
      const update = await anon.from('settings').update({ breakfastPrice: 1 }).eq('id', 1).select()
      expect(update).toMatchObject({ status: 200, data: [] })
      const rpc = await anon.rpc('get_dashboard', { p_today: TODAY, p_days: 7 })
      expect(rpc.status).toBe(401)
      expect(rpc.error?.code).toBe('42501')
    })

    it('gives a signed-up stranger nothing either (403 on writes)', async () => {
      const stranger = server.client()
      const signUp = await stranger.auth.signUp({
        email: 'stranger@example.com',
        password: 'stranger-password',
      })
      expect(signUp.error).toBeNull()
      expect(signUp.data.session).not.toBeNull()
      const { data } = await stranger.from('bookings').select('*')
      expect(data).toEqual([])
      const insert = await stranger.from('guests').insert({ fullName: 'X' })
      expect(insert.status).toBe(403)
      expect(insert.error).toMatchObject({ code: '42501' })
    })
  })
})
