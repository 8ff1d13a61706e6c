import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'
import { rawClient } from './support/rawHttp'

/**
 * Input nested far deeper than any real request: JSON bodies of 100 000 levels and query trees
 * (select embeds, or/and logic) of the same depth. Each is refused with the real server's 400, never
 * a stack overflow answered 500, for anonymous callers and staff alike.
 */
const LEVELS = 100_000
const summary: string[] = []

const deepArray = '['.repeat(LEVELS) + ']'.repeat(LEVELS)
const deepObject = '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS)
/** Unbalanced: the scan must stop at the bound, not at the end of the text. */
const deepOpen = '['.repeat(LEVELS)

afterAll(() => {
  console.log(`deep-input: ${summary.join('; ')}`)
})

describe.each(testDatabaseKinds())('deeply nested input, on %s', (kind) => {
  let server: TestServer
  let staffToken: string

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    const { data, error } = await server.client().auth.signInWithPassword({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    })
    expect(error).toBeNull()
    staffToken = data.session!.access_token
  })
  afterAll(() => server?.stop())

  const callers = () =>
    [
      ['anonymous', {}],
      ['staff', { Authorization: `Bearer ${staffToken}` }],
    ] as const

  const send = (path: string, method: string, body: string | undefined, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method,
      body,
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', ...headers },
    })

  it('auth answers 400 bad_json as GoTrue does', async () => {
    for (const [who, headers] of callers()) {
      for (const body of [deepArray, deepObject, deepOpen, `{"email":"a@b.c","data":${deepObject}}`]) {
        for (const path of ['/auth/v1/signup', '/auth/v1/token?grant_type=password']) {
          const response = await send(path, 'POST', body, headers)
          const json = (await response.json()) as Record<string, unknown>
          expect(response.status, `${who} ${path}: ${JSON.stringify(json).slice(0, 200)}`).toBe(400)
          expect(json).toMatchObject({ code: 400, error_code: 'bad_json' })
          expect(String(json.msg)).toMatch(/^Could not parse request body as JSON: /)
        }
      }
    }
    summary.push(`${kind}: auth refuses 100 000-level JSON with 400 bad_json`)
  })

  it('REST writes and calls answer 400 PGRST102 as PostgREST does', async () => {
    const deepRow = `{"fullName":"x","nationalID":${deepObject}}`
    for (const [who, headers] of callers()) {
      for (const [method, path, body] of [
        ['POST', '/rest/v1/guests', deepArray],
        ['POST', '/rest/v1/guests', deepObject],
        ['POST', '/rest/v1/guests', deepOpen],
        ['POST', '/rest/v1/guests', deepRow],
        ['PATCH', '/rest/v1/guests?id=eq.1', deepRow],
        ['POST', '/rest/v1/rpc/get_dashboard', `{"p":${deepArray}}`],
      ] as const) {
        const response = await send(path, method, body, headers)
        const json = (await response.json()) as Record<string, unknown>
        expect(response.status, `${who} ${method} ${path}: ${JSON.stringify(json)}`).toBe(400)
        expect(json).toEqual({
          code: 'PGRST102',
          message: 'Empty or invalid json',
          details: null,
          hint: null,
        })
      }
    }
    summary.push(`${kind}: REST refuses 100 000-level JSON with 400 PGRST102`)
  })

  it('storage removal answers 400 InvalidRequest', async () => {
    const response = await send('/storage/v1/object/cabin-images', 'DELETE', `{"prefixes":${deepArray}}`, {
      Authorization: `Bearer ${staffToken}`,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' })
  })

  it('query trees nested past their bounds are parse errors (PGRST100), not stack overflows', async () => {
    // As deep as the 12 KiB query string allows (raw HTTP: fetch would percent-encode every '>').
    const repeat = (unit: string, room = 11_000) => unit.repeat(Math.floor(room / unit.length))
    const queries = [
      `select=${repeat('cabins(')}id`,
      `or=(${repeat('and(')}id.eq.1`,
      `or=${repeat('(and')}(id.eq.1`,
      `select=id,guestId${repeat('->a')}`,
      `select=id&guestId${repeat('->a')}=eq.1`,
      `select=id&order=guestId${repeat('->a')}`,
    ]
    const http = rawClient(server.url)
    try {
      for (const [who, headers] of callers()) {
        for (const query of queries) {
          const response = await http.send({
            method: 'GET',
            path: `/rest/v1/bookings?${query}`,
            headers: { apikey: server.anonKey, ...headers },
          })
          const json = JSON.parse(response.body.toString()) as Record<string, unknown>
          expect(
            response.status,
            `${who} ${query.slice(0, 30)}: ${response.body.toString().slice(0, 200)}`,
          ).toBe(400)
          expect(json.code).toBe('PGRST100')
        }
      }
    } finally {
      http.close()
    }
    summary.push(`${kind}: select, logic and JSON-path trees refused at their bounds`)
  })
})
