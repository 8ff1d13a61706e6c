import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/types'
import { testDatabaseKinds } from '../harness/testDatabases'
import { MAX_RESPONSE_ROWS } from '../../src/server/rest/limits'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * A staff query must not take the server down. The review's attack was an embed walking back and
 * forth (bookings → cabins → bookings → …): every to-many step multiplies rows, one such request
 * built a gigabyte and six froze every desk. Reads whose levels may produce more than
 * MAX_RESPONSE_ROWS rows, or that nest deeper than MAX_SELECT_DEPTH, are refused before they run;
 * on PostgreSQL a statement past the role's timeout (anon 3 s, others 8 s) is cancelled (57014).
 */
const summary: string[] = []
afterAll(() => {
  console.log(`heavy queries: ${summary.join('; ')}`)
})

const MB = 1024 * 1024
/** Bookings added to the demo data, so a walk through cabins multiplies ~250-fold per to-many step. */
const EXTRA_BOOKINGS = 2000

describe.each(testDatabaseKinds())('heavy staff queries on %s', (kind) => {
  let server: TestServer
  let db: Database
  let staffToken: string

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    db = server.db
    const { data, error } = await server.client().auth.signInWithPassword({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    })
    expect(error).toBeNull()
    staffToken = data.session!.access_token
    await db.query(
      `insert into public.bookings ("startDate", "endDate", "numNights", "numGuests", "cabinPrice", "totalPrice",
         "cabinId", "guestId")
       select current_date + 1000 + n * 4, current_date + 1003 + n * 4, 3, 1, 300, 300,
         (select id from public.cabins order by id offset (n % 8) limit 1), (select min(id) from public.guests)
       from generate_series(1, $1::int) as n`,
      [EXTRA_BOOKINGS],
    )
    await db.query(
      `create function public.statement_timeout_probe(pause double precision) returns text language sql as
       $$ select pg_sleep(pause); select current_setting('statement_timeout') $$`,
    )
    await db.query(
      'grant execute on function public.statement_timeout_probe(double precision) to anon, authenticated',
    )
  })
  afterAll(() => server?.stop())

  const asStaff = (path: string) =>
    fetch(`${server.url}/rest/v1/${path}`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${staffToken}` },
    })

  it('refuses embeds that may multiply rows past the cap, six at once, and keeps serving', async () => {
    const attacks = [
      'cabins?select=id,bookings(id,cabins(id,bookings(id)))',
      'bookings?select=*,cabins(*,bookings(*,cabins(*,bookings(*))))',
      'bookings?select=*,cabins(*,bookings(*))',
    ]
    const rssBefore = process.memoryUsage().rss
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => asStaff(attacks[i % attacks.length])),
    )
    for (const answer of answers) {
      const body = (await answer.json()) as Record<string, unknown>
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(body.code).toBe('PGRST100')
    }
    const rssAfter = process.memoryUsage().rss
    // A desk's ordinary read still works, and the same walk with small limits is answered.
    const page = await asStaff('bookings?select=*,cabins(id,name),guests(*)&limit=10')
    expect(page.status).toBe(200)
    const bounded = await asStaff(
      'cabins?select=id,bookings(id,cabins(id,bookings(id)))&bookings.limit=5&bookings.cabins.bookings.limit=5',
    )
    expect(bounded.status, await bounded.clone().text()).toBe(200)
    expect(((await bounded.json()) as unknown[]).length).toBe(8)
    expect(rssAfter - rssBefore).toBeLessThan(64 * MB)
    summary.push(
      `${kind}: 6 concurrent row-multiplying embeds refused (max ${MAX_RESPONSE_ROWS} rows), ` +
        `RSS ${Math.round(rssBefore / MB)} → ${Math.round(rssAfter / MB)} MB`,
    )
  })

  it('refuses embeds nested deeper than the cap', async () => {
    const answer = await asStaff(
      'bookings?select=id,cabins(id,bookings(id,cabins(id,bookings(id,cabins(id)))))',
    )
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ code: 'PGRST100' })
  })

  it('answers the heaviest read the cap allows, and gives its memory back', async () => {
    const heaviest = 'cabins?select=*,bookings(*)'
    const first = await asStaff(heaviest)
    expect(first.status).toBe(200)
    await first.arrayBuffer()
    const rssBefore = process.memoryUsage().rss
    let bytes = 0
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => asStaff(heaviest)))
      for (const answer of answers) {
        expect(answer.status).toBe(200)
        bytes += (await answer.arrayBuffer()).byteLength
      }
    }
    const rssAfter = process.memoryUsage().rss
    expect(rssAfter - rssBefore).toBeLessThan(128 * MB)
    summary.push(
      `${kind}: 18 reads at the cap (${Math.round(bytes / MB)} MB sent), ` +
        `RSS ${Math.round(rssBefore / MB)} → ${Math.round(rssAfter / MB)} MB`,
    )
  })

  it('runs each request under its role statement_timeout (cancelled with 57014 on PostgreSQL)', async () => {
    const probe = (auth: Record<string, string>, pause: number) =>
      fetch(`${server.url}/rest/v1/rpc/statement_timeout_probe`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify({ pause }),
      })
    expect(await (await probe({}, 0)).json()).toBe('3s')
    expect(await (await probe({ Authorization: `Bearer ${staffToken}` }, 0)).json()).toBe('8s')
    expect(await (await probe({ Authorization: `Bearer ${server.serviceKey}` }, 0)).json()).toBe('8s')
    if (kind === 'postgres') {
      // PGlite cannot interrupt a running statement: there the limits above bound the work.
      const slow = await probe({}, 30)
      expect(slow.status).toBe(500)
      expect(await slow.json()).toEqual({
        code: '57014',
        message: 'canceling statement due to statement timeout',
        details: null,
        hint: null,
      })
      summary.push('postgres: an anonymous 30 s statement cancelled at 3 s (57014)')
    }
  })
})
