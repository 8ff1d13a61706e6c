import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Inputs the fuzz test found answered with a 5xx, kept as plain cases so they stay fixed whatever
 * seed the fuzz test happens to run with.
 */
describe.each(testDatabaseKinds())('bad input found by fuzzing, on %s', (kind) => {
  let server: TestServer
  let staffToken: string

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    const staff = server.client()
    const { data, error } = await staff.auth.signInWithPassword({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    })
    expect(error).toBeNull()
    staffToken = data.session!.access_token
  })
  afterAll(() => server?.stop())

  const send = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', ...init.headers },
    })

  // PostgREST ignores `select` when a write returns no body; planning it anyway leaves the parameters
  // of JSON paths (and embed filters and limits) in the list while the statement that runs uses none of
  // them: "bind message supplies 2 parameters, but prepared statement requires 0", answered 503.
  it.each([
    ['PATCH', '/rest/v1/settings?select=id->a->>b', '{}'],
    ['PATCH', '/rest/v1/bookings?select=status->>a&limit=10', '{}'],
    ['POST', '/rest/v1/guests?select=fullName->a', '[]'],
  ])('%s %s without return=representation is not a server error', async (method, path, body) => {
    const response = await send(path, { method, body, headers: { Authorization: `Bearer ${staffToken}` } })
    expect(response.status, await response.text()).toBeLessThan(500)
  })

  // Postgres text and jsonb cannot hold NUL or half a surrogate pair: refused as bad JSON, not 500.
  it.each([
    ['/auth/v1/signup', { email: 'nul\u0000@example.com', password: 'long-enough' }],
    ['/auth/v1/token?grant_type=refresh_token', { refresh_token: 'x\u0000y' }],
    ['/auth/v1/token?grant_type=password', { email: 'a\ud800@example.com', password: 'x' }],
  ])('auth %s with an unstorable string answers 400 bad_json', async (path, body) => {
    const response = await send(path, { method: 'POST', body: JSON.stringify(body) })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error_code: 'bad_json' })
  })

  it('PUT /auth/v1/user with metadata holding half a surrogate pair answers 400', async () => {
    const response = await send('/auth/v1/user', {
      method: 'PUT',
      body: JSON.stringify({ data: { note: 'a\ud800b' } }),
      headers: { Authorization: `Bearer ${staffToken}` },
    })
    expect(response.status).toBe(400)
  })

  it('storage removal of names that cannot exist (NUL) removes nothing and is no server error', async () => {
    const response = await send('/storage/v1/object/cabin-images', {
      method: 'DELETE',
      body: JSON.stringify({ prefixes: ['a\u0000b.png', '../x'] }),
      headers: { Authorization: `Bearer ${staffToken}` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([])
  })
})
