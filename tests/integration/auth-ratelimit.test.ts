import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  startTestServer,
  type TestServer,
  json,
} from '../../src/server/testing/testServer'

let server: TestServer

beforeAll(async () => {
  // Small limits so the test stays fast; the defaults are 10 per email and 50 per address in 15 minutes.
  server = await startTestServer({
    signInFailureLimits: {
      perEmail: { limit: 3, windowSeconds: 600 },
      perAddress: { limit: 6, windowSeconds: 600 },
    },
  })
})
afterAll(() => server?.stop())

const signIn = (email: string, password: string) =>
  fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ email, password }),
  })

describe('failed sign-in rate limits', () => {
  it('lock an email after repeated failures, even for the right password, until the window passes', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(DEMO_EMAIL, `wrong-${i}`)).status).toBe(400)
    const locked = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    expect(locked.status).toBe(429)
    expect(await json(locked)).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    })
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)

    const { error } = await server
      .client()
      .auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    server.clock.advance(601)
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
  })

  it('lock an address that tries many emails', async () => {
    for (let i = 0; i < 6; i++)
      expect((await signIn(`nobody${i}@example.com`, 'wrong-password')).status).toBe(400)
    expect((await signIn('someone-else@example.com', 'wrong-password')).status).toBe(429)
    server.clock.advance(601)
    expect((await signIn('someone-else@example.com', 'wrong-password')).status).toBe(400)
  })
})
