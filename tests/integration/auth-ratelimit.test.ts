import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'
import { rawClient, type RawClient } from '../reliability/support/rawHttp'

/**
 * Issue 13 item 2: guessing is slowed per client address and per address+email, never per email
 * alone, so nobody elsewhere can make the real user's correct password fail. Clients on 127.0.0.2,
 * .3 and .4 (all of 127/8 is loopback on Linux) play an attacker and two desks.
 */
let server: TestServer
const clients: RawClient[] = []

beforeAll(async () => {
  // Small limits so the test stays fast; the defaults are in config.ts AUTH_RATE_LIMITS.
  server = await startTestServer({
    authRateLimits: {
      signInFailuresPerAddressAndEmail: {
        freeFailures: 3,
        firstDelaySeconds: 2,
        maxDelaySeconds: 60,
        forgetAfterSeconds: 600,
      },
      signInFailuresPerAddress: { limit: 12, windowSeconds: 600 },
    },
  })
})
afterAll(async () => {
  clients.forEach((client) => client.close())
  await server?.stop()
})

function from(address: string) {
  const client = rawClient(server.url, 4, address)
  clients.push(client)
  return async (email: string, password: string) => {
    const response = await client.send({
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: {
        apikey: server.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email, password }),
    })
    return {
      status: response.status,
      retryAfter: Number(response.headers['retry-after']),
      body: JSON.parse(response.body.toString()) as Record<string, unknown>,
    }
  }
}

describe('failed sign-in rate limits', () => {
  it("never let a stranger elsewhere refuse the real user's correct password", async () => {
    const attacker = from('127.0.0.2')
    const desk = from('127.0.0.3')
    // Far past the old per-email lock (10 in 15 minutes), paced to the attacker's longest wait.
    for (let i = 0; i < 12; i++) {
      expect((await attacker(DEMO_EMAIL, `wrong-${i}`)).status).toBe(400)
      server.clock.advance(61)
    }
    expect((await desk(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
    expect((await desk(DEMO_EMAIL, 'one-typo')).status).toBe(400)
    expect((await desk(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
  })

  it('make one address wait longer after each failure on one email, even for the right password', async () => {
    const guesser = from('127.0.0.4')
    for (let i = 0; i < 3; i++) expect((await guesser(DEMO_EMAIL, `wrong-${i}`)).status).toBe(400)
    const waits: number[] = []
    for (let i = 0; i < 3; i++) {
      const locked = await guesser(DEMO_EMAIL, DEMO_PASSWORD)
      expect(locked).toMatchObject({
        status: 429,
        body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
      })
      waits.push(locked.retryAfter)
      server.clock.advance(locked.retryAfter)
      expect((await guesser(DEMO_EMAIL, `wrong-again-${i}`)).status).toBe(400)
    }
    expect(waits).toEqual([2, 4, 8])
    server.clock.advance(16)
    expect((await guesser(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
    // A success starts over.
    expect((await guesser(DEMO_EMAIL, 'wrong-after-success')).status).toBe(400)
  })

  it('lock an address that tries many emails, and only that address', async () => {
    const sprayer = from('127.0.0.5')
    for (let i = 0; i < 12; i++)
      expect((await sprayer(`nobody${i}@example.com`, 'wrong-password')).status).toBe(400)
    const locked = await sprayer(DEMO_EMAIL, DEMO_PASSWORD)
    expect(locked.status).toBe(429)
    expect((await from('127.0.0.6')(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
    server.clock.advance(601)
    expect((await sprayer(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(200)
  })

  it('reach supabase-js as a 429 with its code', async () => {
    const guesser = from('127.0.0.1')
    for (let i = 0; i < 3; i++) await guesser('typo@example.com', `wrong-${i}`)
    const { error } = await server
      .client()
      .auth.signInWithPassword({ email: 'typo@example.com', password: 'still-wrong' })
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })
})
