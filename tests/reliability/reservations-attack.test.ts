import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/types'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'
import { changedTables, snapshotTables } from './support/catalogue'

/**
 * Issue 16, the reservations desk as an attacker sees it: strangers (the anon key, a signed-up
 * account that is not staff) call every new function and the guests table and get nothing; staff
 * send hostile input and get the API's 4xx with the rule's own sentence, never a 5xx; twenty desks
 * book the same cabin and night at once and exactly one wins. On PGlite and PostgreSQL.
 */
const summary: string[] = []
afterAll(() => console.log(`reservations attack: ${summary.join('; ')}`))

/** A year and a half ahead: beyond the demo data (laid around today), within the 2 years bookable. */
const STAY = { p_start_date: daysAhead(540), p_end_date: daysAhead(544) }
const MEGABYTE = 'x'.repeat(1_000_000)
const RACERS = 20

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}
/** An answer slower than this is a finding too: PGlite cannot cancel a statement that runs away. */
const ANSWER_WITHIN_MS = 20_000

interface StoredBooking {
  id: number
  cabinId: number
  startDate: string
  endDate: string
  numGuests: number
  hasBreakfast: boolean
  isPaid: boolean
  totalPrice: number
}

interface Answer {
  status: number
  body: unknown
}

describe.each(testDatabaseKinds())('the reservations desk under attack, on %s', (kind) => {
  let server: TestServer
  let db: Database
  let staff: string
  let outsider: string
  let today: string
  /** A real cabin, guest and unconfirmed booking of the demo data. */
  let cabinId: number
  let guest: { id: number; fullName: string }
  /** The first unconfirmed booking of the demo data, as stored. */
  let stored: StoredBooking
  /** The total of `booking()`'s stay, as the form would show it. */
  let price: number

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    db = server.db
    const signIn = await server
      .client()
      .auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(signIn.error).toBeNull()
    staff = signIn.data.session!.access_token
    const signUp = await server
      .client()
      .auth.signUp({ email: `outsider-${Date.now()}@example.com`, password: 'outsider-password' })
    expect(signUp.error).toBeNull()
    outsider = signUp.data.session!.access_token
    const { rows } = await db.query<{ today: string; cabin: number; guest: number; name: string }>(
      `select current_date::text as today, (select id from public.cabins where name = '001')::int as cabin,
              g.id::int as guest, g."fullName" as name
         from public.guests g order by g.id limit 1`,
    )
    ;({ today, cabin: cabinId } = rows[0])
    guest = { id: rows[0].guest, fullName: rows[0].name }
    const unconfirmed = await db.query<StoredBooking>(
      `select id::int, "cabinId"::int, "startDate"::text, "endDate"::text, "numGuests", "hasBreakfast",
              "isPaid", "totalPrice"::float8 as "totalPrice"
         from public.bookings where status = 'unconfirmed' order by id limit 1`,
    )
    stored = unconfirmed.rows[0]
    price = await quote(booking())
  })
  afterAll(() => server?.stop())

  /** A POST to the API as the app's supabase-js sends it; `token` null is the anon key alone. */
  async function send(
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${token ?? server.anonKey}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: kept as text for the failure message
    }
    return { status: response.status, body: parsed }
  }
  const rpc = (token: string | null, name: string, args: unknown) =>
    send(token, 'POST', `/rest/v1/rpc/${name}`, args)

  /** Valid calls of every new function, as the app makes them. */
  const validCalls = (): [string, Record<string, unknown>][] => [
    ['free_cabins', { ...STAY, p_num_guests: 2 }],
    ['stay_suggestions', { ...STAY, p_num_guests: 2, p_today: today }],
    ['quote_stay', { p_cabin_id: cabinId, ...STAY, p_num_guests: 2, p_has_breakfast: true }],
    ['create_booking', booking({ p_guest_id: guest.id })],
    ['create_booking', booking({ p_new_guest: newGuest('Outsider Guest') })],
    ['change_booking', change({ p_observations: 'changed by a stranger' })],
    ['search_guests', { p_query: guest.fullName.slice(0, 4) }],
    ['guest_directory', {}],
    ['guest_directory', { p_search: guest.fullName.slice(0, 4), p_sort: 'created_at-desc' }],
    ['count_guests', {}],
    ['calendar_window', { p_from: today, p_days: 31 }],
  ]

  function booking(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      p_cabin_id: cabinId,
      ...STAY,
      p_num_guests: 2,
      p_has_breakfast: false,
      p_is_paid: false,
      p_observations: '',
      p_expected_total_price: price,
      p_today: today,
      ...extra,
    }
  }

  /** The stored booking as it is, but for `extra`: a change of its notes or payment only. */
  function change(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      p_booking_id: stored.id,
      p_cabin_id: stored.cabinId,
      p_start_date: stored.startDate,
      p_end_date: stored.endDate,
      p_num_guests: stored.numGuests,
      p_has_breakfast: stored.hasBreakfast,
      p_is_paid: stored.isPaid,
      p_observations: '',
      p_expected_total_price: stored.totalPrice,
      p_today: today,
      ...extra,
    }
  }

  const newGuest = (fullName: string, extra: Record<string, unknown> = {}) => ({
    fullName,
    email: 'new.guest@example.com',
    nationality: 'Portugal',
    countryFlag: 'https://flagcdn.com/pt.svg',
    nationalID: 'PT123',
    ...extra,
  })

  /** The price the form would show for a stay: quote_stay as staff. */
  async function quote(args: Record<string, unknown>): Promise<number> {
    const { status, body } = await rpc(staff, 'quote_stay', {
      p_cabin_id: args.p_cabin_id,
      p_start_date: args.p_start_date,
      p_end_date: args.p_end_date,
      p_num_guests: args.p_num_guests,
      p_has_breakfast: args.p_has_breakfast,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return (body as { totalPrice: number }[])[0].totalPrice
  }

  it('gives strangers nothing: no rows, no figures, no writes, through rpc or the guests table', async () => {
    const schemas = ['public']
    const before = await snapshotTables(db, schemas)
    const leaks: string[] = []
    for (const [label, token] of [
      ['anon', null],
      ['non-staff', outsider],
    ] as const) {
      for (const [name, args] of validCalls()) {
        const { status, body } = await rpc(token, name, args)
        // Execute is revoked from anon: PostgREST's 42501 for an anonymous caller is 401.
        if (label === 'anon' && status !== 401) leaks.push(`anon ${name}: ${status} ${JSON.stringify(body)}`)
        if (status >= 500 || (status < 300 && !empty(body)))
          leaks.push(`${label} ${name}: ${status} ${JSON.stringify(body).slice(0, 200)}`)
      }
      const representation = { Prefer: 'return=representation' }
      for (const [what, method, path, body] of [
        ['select', 'GET', `/rest/v1/guests?select=*`, undefined],
        [
          'search',
          'GET',
          `/rest/v1/guests?fullName=ilike.*${encodeURIComponent(guest.fullName.slice(0, 3))}*`,
        ],
        ['insert', 'POST', '/rest/v1/guests', newGuest('Stranger')],
        ['update', 'PATCH', `/rest/v1/guests?id=eq.${guest.id}`, { fullName: 'Renamed by a stranger' }],
        ['delete', 'DELETE', '/rest/v1/guests?id=not.is.null', undefined],
      ] as const) {
        const answer = await send(token, method, path, body, representation)
        if (answer.status >= 500 || (answer.status < 300 && !empty(answer.body)))
          leaks.push(`${label} ${what} guests: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
      }
    }
    expect(leaks).toEqual([])
    // Sign-up of the outsider happened before the snapshot; nothing in public may have changed since.
    expect(changedTables(before, await snapshotTables(db, schemas))).toEqual([])
    summary.push(`${kind}: anon and non-staff got nothing from ${validCalls().length} calls and guests REST`)
  })

  /** [what, function, arguments, the expected status, the expected message (a rule's sentence)]. */
  type Case = [string, string, unknown, number?, (string | RegExp)?]

  it('answers hostile input from staff with a 4xx in PostgREST shape, the rule worded, never a 5xx', async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
    const cases: Case[] = [
      // Text far beyond any rule's length, within the 1 MiB body limit.
      [
        '1 MB name',
        'create_booking',
        booking({ p_new_guest: newGuest(MEGABYTE) }),
        400,
        'The full name can have at most 100 characters',
      ],
      [
        '1 MB observations',
        'create_booking',
        booking({ p_guest_id: guest.id, p_observations: MEGABYTE }),
        400,
        'Observations can have at most 2000 characters',
      ],
      [
        '1 MB observations (change)',
        'change_booking',
        change({ p_observations: MEGABYTE }),
        400,
        'Observations can have at most 2000 characters',
      ],
      [
        '1 MB national ID',
        'create_booking',
        booking({ p_new_guest: newGuest('Ann', { nationalID: MEGABYTE }) }),
        400,
        'The national ID can have at most 30 characters',
      ],
      ['1 MB email', 'create_booking', booking({ p_new_guest: newGuest('Ann', { email: MEGABYTE }) }), 400],
      ['1 MB search', 'search_guests', { p_query: MEGABYTE }],
      ['1 MB directory search', 'guest_directory', { p_search: MEGABYTE }],
      [
        'blank name',
        'create_booking',
        booking({ p_new_guest: newGuest('   ') }),
        400,
        "Please enter the guest's full name",
      ],
      [
        'bad email',
        'create_booking',
        booking({ p_new_guest: newGuest('Ann', { email: 'ann@' }) }),
        400,
        'Please enter a valid email address',
      ],
      // The new guest's JSON in every wrong shape.
      ['nested name', 'create_booking', booking({ p_new_guest: { fullName: JSON.parse(nested(200)) } }), 400],
      ['nested guest', 'create_booking', booking({ p_new_guest: JSON.parse(nested(2000)) }), 400],
      ['guest as text', 'create_booking', booking({ p_new_guest: 'Ann' }), 400],
      ['guest as array', 'create_booking', booking({ p_new_guest: [newGuest('Ann')] }), 400],
      ['guest as number', 'create_booking', booking({ p_new_guest: 5 }), 400],
      ['empty guest', 'create_booking', booking({ p_new_guest: {} }), 400],
      ['both guests', 'create_booking', booking({ p_guest_id: guest.id, p_new_guest: newGuest('Ann') }), 400],
      ['no guest', 'create_booking', booking(), 400],
      ['unknown guest', 'create_booking', booking({ p_guest_id: 9_000_000 })],
      // Wrong types.
      ['guests as text', 'free_cabins', { ...STAY, p_num_guests: 'two' }, 400],
      ['date as text', 'free_cabins', { ...STAY, p_start_date: 'soon', p_num_guests: 2 }, 400],
      ['30 February', 'free_cabins', { ...STAY, p_start_date: '2028-02-30', p_num_guests: 2 }, 400],
      [
        'date as object',
        'quote_stay',
        { ...STAY, p_cabin_id: cabinId, p_num_guests: 2, p_has_breakfast: {} },
        400,
      ],
      [
        'id as fraction',
        'quote_stay',
        { ...STAY, p_cabin_id: 1.5, p_num_guests: 2, p_has_breakfast: false },
        400,
      ],
      ['id as SQL', 'change_booking', change({ p_booking_id: '1; drop table bookings' }), 400],
      ['paid as text', 'create_booking', booking({ p_guest_id: guest.id, p_is_paid: 'maybe' }), 400],
      ['limit as text', 'search_guests', { p_query: 'a', p_limit: 'all' }, 400],
      // Numbers out of every range.
      ['no guests', 'free_cabins', { ...STAY, p_num_guests: 0 }, 400, 'A booking needs at least one guest'],
      [
        'negative guests',
        'free_cabins',
        { ...STAY, p_num_guests: -3 },
        400,
        'A booking needs at least one guest',
      ],
      [
        'too many guests',
        'free_cabins',
        { ...STAY, p_num_guests: 9 },
        400,
        'A booking can have at most 8 guests',
      ],
      [
        'cabin too small',
        'create_booking',
        booking({ p_guest_id: guest.id, p_num_guests: 5 }),
        400,
        /^This cabin fits at most \d+ guests$/,
      ],
      ['guests past int', 'free_cabins', { ...STAY, p_num_guests: 2 ** 31 }, 400],
      ['guests 1e308', 'free_cabins', { ...STAY, p_num_guests: 1e308 }, 400],
      ['negative cabin', 'quote_stay', { ...STAY, p_cabin_id: -1, p_num_guests: 2, p_has_breakfast: false }],
      [
        'cabin past bigint',
        'quote_stay',
        { ...STAY, p_cabin_id: '9223372036854775808', p_num_guests: 2, p_has_breakfast: false },
        400,
      ],
      ['price NaN', 'create_booking', booking({ p_guest_id: guest.id, p_expected_total_price: 'NaN' }), 400],
      [
        'price Infinity',
        'create_booking',
        booking({ p_guest_id: guest.id, p_expected_total_price: 'Infinity' }),
        400,
      ],
      [
        'price 1e1000',
        'create_booking',
        booking({ p_guest_id: guest.id, p_expected_total_price: '1e1000' }),
        400,
      ],
      [
        'negative price',
        'create_booking',
        booking({ p_guest_id: guest.id, p_expected_total_price: -1 }),
        400,
        'The prices have changed; check the new total and save again',
      ],
      ['limit 10^9', 'search_guests', { p_query: 'a', p_limit: 1e9 }],
      ['limit 0', 'search_guests', { p_query: 'a', p_limit: 0 }],
      ['negative limit', 'search_guests', { p_query: 'a', p_limit: -1 }],
      ['directory limit 10^9', 'guest_directory', { p_limit: 1e9 }],
      ['directory limit -1', 'guest_directory', { p_limit: -1 }],
      ['negative offset', 'guest_directory', { p_offset: -1 }],
      ['offset past int', 'guest_directory', { p_offset: 2 ** 31 }, 400],
      ['huge offset', 'guest_directory', { p_offset: 2 ** 31 - 1 }],
      ['sort as SQL', 'guest_directory', { p_sort: 'fullName-asc; drop table guests' }, 400, 'Unknown sort'],
      // Dates out of range, infinite, backwards.
      ['year 1', 'free_cabins', { p_start_date: '0001-01-01', p_end_date: '0001-01-05', p_num_guests: 2 }],
      [
        'arrival in the past',
        'create_booking',
        booking({ p_guest_id: guest.id, p_start_date: '2020-01-01', p_end_date: '2020-01-05' }),
        400,
        'The arrival cannot be before today',
      ],
      [
        'backwards',
        'free_cabins',
        { p_start_date: STAY.p_end_date, p_end_date: STAY.p_start_date, p_num_guests: 2 },
        400,
        'The departure must be after the arrival',
      ],
      [
        'too long',
        'free_cabins',
        { p_start_date: STAY.p_start_date, p_end_date: daysAhead(540 + 123), p_num_guests: 2 },
        400,
        /^A booking must last between \d+ and \d+ nights$/,
      ],
      [
        'last dates',
        'free_cabins',
        { p_start_date: '5874897-12-20', p_end_date: '5874897-12-31', p_num_guests: 2 },
      ],
      [
        'past the last date',
        'free_cabins',
        { p_start_date: '5874897-12-31', p_end_date: '5874898-01-03', p_num_guests: 2 },
        400,
      ],
      [
        'before the first date',
        'free_cabins',
        { p_start_date: '4714-11-24 BC', p_end_date: '2031-01-01', p_num_guests: 2 },
        400,
      ],
      [
        'infinite stay',
        'free_cabins',
        { p_start_date: '-infinity', p_end_date: 'infinity', p_num_guests: 2 },
      ],
      ['infinite departure', 'free_cabins', { ...STAY, p_end_date: 'infinity', p_num_guests: 2 }],
      [
        'infinite suggestions',
        'stay_suggestions',
        { p_start_date: '-infinity', p_end_date: STAY.p_end_date, p_num_guests: 2, p_today: '-infinity' },
      ],
      ['suggestions from infinity', 'stay_suggestions', { ...STAY, p_num_guests: 2, p_today: 'infinity' }],
      ['suggestions from the past', 'stay_suggestions', { ...STAY, p_num_guests: 2, p_today: '-infinity' }],
      // The desk's day is the client's to give (the e2e desk day is not the server's): only no 5xx here.
      ['infinite today', 'create_booking', booking({ p_guest_id: guest.id, p_today: '-infinity' })],
      ['infinite change', 'change_booking', change({ p_end_date: 'infinity', p_today: '-infinity' })],
      // The calendar's window (issue 17): 1 to 62 days from a first day, never a 5xx.
      ['no days', 'calendar_window', { p_from: today, p_days: 0 }, 400, 'The calendar shows 1 to 62 days'],
      ['63 days', 'calendar_window', { p_from: today, p_days: 63 }, 400, 'The calendar shows 1 to 62 days'],
      [
        'days null',
        'calendar_window',
        { p_from: today, p_days: null },
        400,
        'The calendar shows 1 to 62 days',
      ],
      ['days past int', 'calendar_window', { p_from: today, p_days: 2 ** 31 }, 400],
      ['days as text', 'calendar_window', { p_from: today, p_days: 'all' }, 400],
      [
        'first day null',
        'calendar_window',
        { p_from: null, p_days: 31 },
        400,
        'The calendar needs a first day',
      ],
      ['first day as text', 'calendar_window', { p_from: 'soon', p_days: 31 }, 400],
      ['first day infinite', 'calendar_window', { p_from: 'infinity', p_days: 31 }],
      ['first day -infinite', 'calendar_window', { p_from: '-infinity', p_days: 31 }],
      ['window past the last date', 'calendar_window', { p_from: '5874897-12-20', p_days: 62 }, 400],
      ['window before the first date', 'calendar_window', { p_from: '4714-11-24 BC', p_days: 14 }, 400],
      ['window without arguments', 'calendar_window', {}, 404],
      // Strings Postgres cannot hold.
      ['NUL in search', 'search_guests', { p_query: 'a\u0000b' }, 400],
      ['NUL in name', 'create_booking', booking({ p_new_guest: newGuest('A\u0000B') }), 400],
      ['half a surrogate', 'search_guests', '{"p_query":"\\ud800"}'],
      // Not found.
      ['unknown booking', 'change_booking', change({ p_booking_id: 9_000_000 }), 404, 'Booking not found'],
      ['negative booking', 'change_booking', change({ p_booking_id: -1 }), 404, 'Booking not found'],
      // Bodies that are not what a function takes.
      ['100 000-level body', 'create_booking', nested(100_000), 400],
      ['array body', 'free_cabins', '[1,2,3]', 400],
      ['unknown argument', 'free_cabins', { ...STAY, p_num_guests: 2, p_cabin_id: 1 }],
    ]
    const findings: string[] = []
    for (const [what, name, args, status, message] of cases) {
      let answer: Answer
      try {
        answer = await rpc(staff, name, args)
      } catch (error) {
        findings.push(`${what} (${name}): no answer: ${String(error)}`)
        continue
      }
      const body = answer.body as Record<string, unknown> | null
      const shown = `${what} (${name}): ${answer.status} ${JSON.stringify(body).slice(0, 300)}`
      if (answer.status >= 500) findings.push(shown)
      else if (status !== undefined && answer.status !== status) findings.push(`expected ${status}: ${shown}`)
      else if (
        answer.status >= 400 &&
        Object.keys(body ?? {})
          .sort()
          .join() !== 'code,details,hint,message'
      )
        findings.push(`not PostgREST's error shape: ${shown}`)
      else if (
        message !== undefined &&
        !(typeof message === 'string' ? body?.message === message : message.test(String(body?.message)))
      )
        findings.push(`expected "${String(message)}": ${shown}`)
    }
    expect(findings).toEqual([])
    summary.push(`${kind}: ${cases.length} hostile staff calls, none a 5xx`)
  }, 120_000)

  it('bounds what a search or a page may ask for', async () => {
    const search = await rpc(staff, 'search_guests', { p_query: '', p_limit: 1e9 })
    expect(search.status, JSON.stringify(search.body)).toBe(200)
    expect((search.body as unknown[]).length).toBeLessThanOrEqual(50)
    const page = await rpc(staff, 'guest_directory', { p_offset: 2 ** 31 - 1 })
    expect(page.status).toBe(200)
    expect(page.body).toEqual([])
  })

  it('searches %, _ and backslash as the characters they are', async () => {
    const odd = 'Zoë 100% O_Neil \\ Back'
    const { rows } = await db.query<{ id: number }>(
      `insert into public.guests ("fullName", email) values ($1, 'zoe.oneil@example.com') returning id::int`,
      [odd],
    )
    try {
      for (const query of ['%', '_', '\\', '0%', 'O_N', '% O', '\\ B']) {
        const found = await rpc(staff, 'search_guests', { p_query: query })
        expect(found.status, `${query}: ${JSON.stringify(found.body)}`).toBe(200)
        expect(
          (found.body as { fullName: string }[]).map((g) => g.fullName),
          query,
        ).toEqual([odd])
        const page = await rpc(staff, 'guest_directory', { p_search: query })
        expect(
          (page.body as { fullName: string }[]).map((g) => g.fullName),
          query,
        ).toEqual([odd])
        const count = await rpc(staff, 'count_guests', { p_search: query })
        expect(count.body, query).toBe(1)
      }
      // No guest holds these: a wildcard would have matched every one.
      for (const query of ['%%', '_%_', '\\%', 'a\\']) {
        const found = await rpc(staff, 'search_guests', { p_query: query })
        expect(found.status, `${query}: ${JSON.stringify(found.body)}`).toBe(200)
        expect(found.body, query).toEqual([])
      }
    } finally {
      await db.query('delete from public.guests where id = $1', [rows[0].id])
    }
  })

  it('holds the guest rules on REST writes too, worded, and keeps a guest with bookings', async () => {
    const rest = (method: string, path: string, body?: unknown) =>
      send(staff, method, `/rest/v1/guests${path}`, body, { Prefer: 'return=representation' })
    for (const [row, message] of [
      [{ fullName: MEGABYTE }, 'The full name can have at most 100 characters'],
      [{ fullName: 'x'.repeat(101) }, 'The full name can have at most 100 characters'],
      [{ fullName: '   ' }, "Please enter the guest's full name"],
      [{ fullName: 'Ann', email: 'not an email' }, 'Please enter a valid email address'],
      [{ fullName: 'Ann', nationalID: 'x'.repeat(31) }, 'The national ID can have at most 30 characters'],
      [{ fullName: 'Ann', nationality: MEGABYTE }, undefined],
    ] as const) {
      for (const [method, path] of [
        ['POST', ''],
        ['PATCH', `?id=eq.${guest.id}`],
      ] as const) {
        const answer = await rest(method, path, row)
        const body = answer.body as { message?: string }
        expect(answer.status, `${method} ${JSON.stringify(row).slice(0, 80)}: ${JSON.stringify(body)}`).toBe(
          400,
        )
        if (message) expect(body.message).toBe(message)
      }
    }
    const observations = await send(
      staff,
      'PATCH',
      `/rest/v1/bookings?id=eq.${stored.id}`,
      { observations: 'x'.repeat(2001) },
      { Prefer: 'return=representation' },
    )
    expect(observations.status).toBe(400)
    expect((observations.body as { message: string }).message).toBe(
      'Observations can have at most 2000 characters',
    )

    const { rows } = await db.query<{ id: number }>(
      'select "guestId"::int as id from public.bookings order by id limit 1',
    )
    const kept = await rest('DELETE', `?id=eq.${rows[0].id}`)
    expect(kept.status).toBe(409)
    expect(kept.body).toMatchObject({
      code: '23503',
      message: 'This guest has bookings and cannot be deleted',
    })
  })

  // The form's trim() takes every white space away: the trigger takes such a name as blank too.
  it('takes a name of tabs, line breaks or no-break spaces as blank, as the form does', async () => {
    for (const fullName of ['\t', '\n', ' \r\n\t ', '\u00a0']) {
      const answer = await send(staff, 'POST', '/rest/v1/guests', { fullName })
      expect(answer.status, JSON.stringify(fullName)).toBe(400)
      expect(answer.body).toMatchObject({ message: "Please enter the guest's full name" })
    }
  })

  it(`${RACERS} desks booking the same cabin and nights at once: one booking, the others told why`, async () => {
    const stay = booking({ p_start_date: daysAhead(600), p_end_date: daysAhead(603), p_has_breakfast: true })
    const racePrice = await quote(stay)
    const guestsBefore = await count('guests')
    const attempts = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        rpc(staff, 'create_booking', {
          ...stay,
          p_expected_total_price: racePrice,
          p_observations: `race ${i}`,
          // Half of them for a new guest: a loser's new guest must not be kept either.
          ...(i % 2 ? { p_new_guest: newGuest(`Racer ${i}`) } : { p_guest_id: guest.id }),
        }),
      ),
    )
    const won = attempts.filter((a) => a.status === 200)
    expect(won, JSON.stringify(attempts.map((a) => a.status))).toHaveLength(1)
    // The winner's stay as the message words it ("Cabin 001 is booked from 12 Mar to 15 Mar").
    const {
      name: cabinName,
      from,
      to,
    } = (
      await db.query<{ name: string; from: string; to: string }>(
        `select name, to_char($2::date, 'FMDD Mon') as from, to_char($3::date, 'FMDD Mon') as to
           from public.cabins where id = $1`,
        [cabinId, stay.p_start_date, stay.p_end_date],
      )
    ).rows[0]
    for (const lost of attempts.filter((a) => a.status !== 200)) {
      // PostgREST answers 23P01 with 400 (of class 23, only 23503 and 23505 are 409); the code tells.
      expect(lost.status, JSON.stringify(lost.body)).toBe(400)
      expect(lost.body).toMatchObject({
        code: '23P01',
        message: `Cabin ${cabinName} is booked from ${from} to ${to}`,
      })
    }
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.bookings
        where "cabinId" = $1 and "startDate" < $2 and "endDate" > $3`,
      [cabinId, stay.p_end_date, stay.p_start_date],
    )
    expect(rows[0].n).toBe(1)
    const racerGuests = (await count('guests')) - guestsBefore
    const winnerIndex = attempts.indexOf(won[0])
    expect(racerGuests).toBe(winnerIndex % 2)
    summary.push(`${kind}: ${RACERS} racing bookings → 1 stored, ${RACERS - 1} told "Cabin … is booked"`)
  })

  async function count(table: 'guests' | 'bookings'): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)
    return rows[0].n
  }
})

/** An answer that gives nothing away: no rows, null, zero, false, or an empty object. */
function empty(body: unknown): boolean {
  if (body === null || body === 0 || body === false || body === '') return true
  if (Array.isArray(body)) return body.length === 0
  if (typeof body === 'object') return Object.values(body).every(empty)
  return false
}
