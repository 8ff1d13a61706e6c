import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { resolveCaller, verifyToken } from './caller'

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256!')
const otherSecret = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256')
const now = Date.parse('2026-03-01T12:00:00Z')
const nowSeconds = now / 1000

function sign(
  claims: Record<string, unknown>,
  options: { alg?: string; key?: Uint8Array; exp?: number } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt(nowSeconds - 10)
    .setExpirationTime(options.exp ?? nowSeconds + 3600)
    .sign(options.key ?? secret)
}

const userClaims = {
  sub: '6f1c2a52-8a7e-4a55-9b38-0c6f3f3f0d11',
  role: 'authenticated',
  aud: 'authenticated',
}

describe('verifyToken', () => {
  it('accepts our user tokens and keeps their claims', async () => {
    const caller = await verifyToken(await sign(userClaims), secret, now)
    expect(caller.role).toBe('authenticated')
    expect(caller.jwtError).toBeUndefined()
    expect(caller.claims.sub).toBe(userClaims.sub)
  })

  it('treats a token without a role as anon, and says so in the claims', async () => {
    const caller = await verifyToken(await sign({ iss: 'supabase' }), secret, now)
    expect(caller).toMatchObject({ role: 'anon', claims: { role: 'anon' } })
    expect(caller.jwtError).toBeUndefined()
  })

  it('rejects tokens signed with another secret', async () => {
    const caller = await verifyToken(await sign(userClaims, { key: otherSecret }), secret, now)
    expect(caller.role).toBe('anon')
    expect(caller.jwtError?.kind).toBe('invalid')
  })

  it('rejects alg none and any algorithm other than HS256, even with our secret', async () => {
    const unsigned = new UnsecuredJWT(userClaims).setExpirationTime(nowSeconds + 3600).encode()
    expect((await verifyToken(unsigned, secret, now)).jwtError?.kind).toBe('invalid')
    const hs512 = await sign(userClaims, { alg: 'HS512', key: new Uint8Array(64).fill(7) })
    expect((await verifyToken(hs512, new Uint8Array(64).fill(7), now)).jwtError?.kind).toBe('invalid')
  })

  it('allows 30 s of clock skew on exp, not more', async () => {
    const token = await sign(userClaims, { exp: nowSeconds - 20 })
    expect((await verifyToken(token, secret, now)).jwtError).toBeUndefined()
    const expired = await verifyToken(await sign(userClaims, { exp: nowSeconds - 40 }), secret, now)
    expect(expired).toMatchObject({ role: 'anon', jwtError: { kind: 'expired' } })
  })

  it('checks a token seen before against the clock again, and only under its own secret', async () => {
    const token = await sign(userClaims, { exp: nowSeconds + 60 })
    expect((await verifyToken(token, secret, now)).jwtError).toBeUndefined()
    expect((await verifyToken(token, secret, now + 80_000)).jwtError).toBeUndefined()
    expect(await verifyToken(token, secret, now + 100_000)).toMatchObject({
      role: 'anon',
      jwtError: { kind: 'expired' },
    })
    expect((await verifyToken(token, otherSecret, now)).jwtError?.kind).toBe('invalid')
  })

  it('requires exp', async () => {
    const token = await new SignJWT(userClaims).setProtectedHeader({ alg: 'HS256' }).sign(secret)
    expect((await verifyToken(token, secret, now)).jwtError?.kind).toBe('invalid')
  })

  it('requires aud "authenticated" on user tokens', async () => {
    const { aud: _aud, ...withoutAudience } = userClaims
    expect((await verifyToken(await sign(withoutAudience), secret, now)).jwtError?.kind).toBe('invalid')
    expect((await verifyToken(await sign({ ...userClaims, aud: 'other' }), secret, now)).jwtError?.kind).toBe(
      'invalid',
    )
  })

  it('refuses roles other than the three API roles', async () => {
    const caller = await verifyToken(await sign({ role: 'postgres' }), secret, now)
    expect(caller).toMatchObject({ role: 'anon', jwtError: { kind: 'invalid' } })
  })

  it('rejects garbage', async () => {
    expect((await verifyToken('not-a-jwt', secret, now)).jwtError?.kind).toBe('invalid')
  })
})

describe('resolveCaller', () => {
  it('is anon without any credentials', async () => {
    expect(await resolveCaller({}, secret, now)).toEqual({
      role: 'anon',
      claims: { role: 'anon' },
    })
  })

  it('uses the apikey as the token when there is no bearer, like the gateway', async () => {
    const serviceKey = await sign({ role: 'service_role' })
    const caller = await resolveCaller({ apikey: serviceKey }, secret, now)
    expect(caller.role).toBe('service_role')
  })

  it('prefers the bearer token', async () => {
    const anonKey = await sign({ role: 'anon' })
    const caller = await resolveCaller(
      { apikey: anonKey, authorization: `Bearer ${await sign(userClaims)}` },
      secret,
      now,
    )
    expect(caller.role).toBe('authenticated')
  })
})
