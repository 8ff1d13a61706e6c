import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer, json } from '../harness/testServer'

describe.each(testDatabaseKinds())('auth on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({}, kind)
  })
  afterAll(() => server?.stop())

  let emailCounter = 0
  const freshEmail = () => `staff${++emailCounter}.${Date.now()}@example.com`

  async function signUp(email = freshEmail(), password = 'correct-horse-1') {
    const client = server.client()
    const { data, error } = await client.auth.signUp({
      email,
      password,
      options: { data: { fullName: 'New Person', avatar: '' } },
    })
    expect(error).toBeNull()
    return { client, email, password, session: data.session!, user: data.user! }
  }

  /** Raw call, to see status codes, headers and bodies exactly as a client receives them. */
  function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    return fetch(`${server.url}/auth/v1${path}`, {
      ...init,
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', ...init.headers },
    })
  }

  describe('password sign-in', () => {
    it('signs the demo user in with a session shaped like Supabase', async () => {
      const { data, error } = await server
        .client()
        .auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
      expect(error).toBeNull()
      const session = data.session!
      expect(session.token_type).toBe('bearer')
      expect(session.expires_in).toBe(3600)
      expect(session.expires_at).toBe(Math.floor(server.clock.now() / 1000) + 3600)
      expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/)
      expect(session.user).toMatchObject({
        email: DEMO_EMAIL,
        aud: 'authenticated',
        role: 'authenticated',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { fullName: 'Demo Receptionist' },
        is_anonymous: false,
      })
      const claims = decodeJwt(session.access_token)
      expect(claims).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        sub: session.user.id,
        email: DEMO_EMAIL,
        aal: 'aal1',
        is_anonymous: false,
        user_metadata: { fullName: 'Demo Receptionist' },
      })
      expect(typeof claims.session_id).toBe('string')
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
      expect(claims.exp! - claims.iat!).toBe(3600)
    })

    it('accepts the email in any case', async () => {
      const { error } = await server
        .client()
        .auth.signInWithPassword({ email: 'Demo@Innkeeper.Local', password: DEMO_PASSWORD })
      expect(error).toBeNull()
    })

    it('answers a wrong password and an unknown email identically', async () => {
      const wrong = await server
        .client()
        .auth.signInWithPassword({ email: DEMO_EMAIL, password: 'not-the-password' })
      const unknown = await server
        .client()
        .auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever1' })
      for (const { error, data } of [wrong, unknown]) {
        expect(data.session).toBeNull()
        expect(error).toMatchObject({
          status: 400,
          code: 'invalid_credentials',
          message: 'Invalid login credentials',
        })
      }
    })

    it('needs an email or a phone', async () => {
      const response = await authFetch('/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ password: 'x' }),
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      })
      expect(response.status).toBe(400)
      expect(await json(response)).toEqual({ code: 'validation_failed', message: 'missing email or phone' })
    })

    it('rejects an unknown grant type', async () => {
      const response = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' })
      expect(response.status).toBe(400)
    })
  })

  describe('sign-up', () => {
    it('creates a confirmed user and returns a session (autoconfirm, like the Supabase CLI)', async () => {
      const email = freshEmail()
      const { session, user } = await signUp(email.toUpperCase())
      expect(session.access_token).toBeTruthy()
      expect(user.email).toBe(email)
      expect(user.email_confirmed_at).toBeTruthy()
      expect(user.user_metadata).toMatchObject({ fullName: 'New Person', avatar: '' })
      expect(user.identities).toHaveLength(1)
      expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id })
    })

    it("never lets sign-up data replace the identity's own fields, as GoTrue", async () => {
      const email = freshEmail()
      const { data, error } = await server.client().auth.signUp({
        email,
        password: 'correct-horse-1',
        options: {
          data: {
            sub: '00000000-0000-4000-8000-000000000000',
            email: DEMO_EMAIL,
            email_verified: false,
            phone_verified: true,
            fullName: 'Kept',
          },
        },
      })
      expect(error).toBeNull()
      const user = data.user!
      const identity = user.identities![0]
      expect(identity.identity_data).toMatchObject({
        sub: user.id,
        email,
        email_verified: false,
        phone_verified: false,
        fullName: 'Kept',
      })
      expect((identity as { email?: string }).email).toBe(email)
      expect(user.user_metadata).toMatchObject({ email_verified: true, fullName: 'Kept' })
      const claims = JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString(),
      ) as Record<string, unknown>
      expect(claims).toMatchObject({ sub: user.id, email })
    })

    it('refuses an email that is already registered', async () => {
      const { error } = await server.client().auth.signUp({ email: DEMO_EMAIL, password: 'another-pass' })
      expect(error).toMatchObject({
        status: 422,
        code: 'user_already_exists',
        message: 'User already registered',
      })
    })

    it('applies GoTrue password rules: minimum 6 (the UI asks for 8), maximum 72 bytes', async () => {
      const short = await server.client().auth.signUp({ email: freshEmail(), password: '12345' })
      expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] })
      expect(short.error?.message).toBe('Password should be at least 6 characters.')
      const long = await server.client().auth.signUp({ email: freshEmail(), password: 'x'.repeat(73) })
      expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' })
      const empty = await server.client().auth.signUp({ email: freshEmail(), password: '' })
      expect(empty.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Signup requires a valid password',
      })
    })

    it('refuses a malformed email', async () => {
      const { error } = await server.client().auth.signUp({ email: 'not an email', password: 'long-enough' })
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      })
    })

    it('answers bad JSON with bad_json', async () => {
      const response = await authFetch('/signup', {
        method: 'POST',
        body: '{"email":',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      })
      expect(response.status).toBe(400)
      expect((await json(response)).code).toBe('bad_json')
    })
  })

  describe('/user', () => {
    it('returns the signed-in user', async () => {
      const { client, user } = await signUp()
      const { data, error } = await client.auth.getUser()
      expect(error).toBeNull()
      expect(data.user).toMatchObject({ id: user.id, email: user.email })
    })

    it('distinguishes no token (401), the anon key (403) and a bad token (403)', async () => {
      const missing = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } })
      expect(missing.status).toBe(401)
      expect(missing.headers.get('x-sb-error-code')).toBe('no_authorization')
      const anon = await authFetch('/user', { headers: { Authorization: `Bearer ${server.anonKey}` } })
      expect(anon.status).toBe(403)
      expect((await json(anon)).msg).toBe('invalid claim: missing sub claim')
    })

    it('merges user_metadata and deletes keys set to null', async () => {
      const { client } = await signUp()
      await client.auth.updateUser({ data: { fullName: 'Renamed', avatar: 'http://x/a.png', extra: 1 } })
      const { data, error } = await client.auth.updateUser({
        data: { extra: null, avatar: 'http://x/b.png' },
      })
      expect(error).toBeNull()
      expect(data.user!.user_metadata).toMatchObject({ fullName: 'Renamed', avatar: 'http://x/b.png' })
      expect(data.user!.user_metadata).not.toHaveProperty('extra')
    })

    it('changes the password: not the same one, not a weak one, and other sessions end', async () => {
      const { client, email, password } = await signUp()
      const other = server.client()
      const otherSignIn = await other.auth.signInWithPassword({ email, password })
      expect(otherSignIn.error).toBeNull()

      const same = await client.auth.updateUser({ password })
      expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
      const weak = await client.auth.updateUser({ password: 'abc' })
      expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })

      const changed = await client.auth.updateUser({ password: 'a-brand-new-password' })
      expect(changed.error).toBeNull()
      const old = await server.client().auth.signInWithPassword({ email, password })
      expect(old.error?.code).toBe('invalid_credentials')
      const fresh = await server.client().auth.signInWithPassword({ email, password: 'a-brand-new-password' })
      expect(fresh.error).toBeNull()

      // The session that changed the password lives on; the other one is gone.
      expect((await client.auth.refreshSession()).error).toBeNull()
      const otherRefresh = await other.auth.refreshSession()
      expect(otherRefresh.error?.status).toBe(400)
    })
  })

  describe('refresh tokens', () => {
    const refresh = (refreshToken: string) =>
      authFetch('/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: refreshToken }),
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      })

    it('rotates: a refresh returns a new refresh token and a new access token for the same session', async () => {
      const { client, session } = await signUp()
      server.clock.advance(1)
      const { data, error } = await client.auth.refreshSession()
      expect(error).toBeNull()
      expect(data.session!.refresh_token).not.toBe(session.refresh_token)
      expect(data.session!.access_token).not.toBe(session.access_token)
      expect(decodeJwt(data.session!.access_token).session_id).toBe(
        decodeJwt(session.access_token).session_id,
      )
    })

    it('hands the active token out again when its parent is presented (a lost response)', async () => {
      const { session } = await signUp()
      const first = await json(await refresh(session.refresh_token))
      server.clock.advance(60)
      const again = await refresh(session.refresh_token)
      expect(again.status).toBe(200)
      expect((await json(again)).refresh_token).toBe(first.refresh_token)
    })

    it('tolerates reuse within 10 s, and after that revokes the whole session', async () => {
      const { session } = await signUp()
      const a = session.refresh_token
      const b = (await json(await refresh(a))).refresh_token
      const c = (await json(await refresh(b))).refresh_token

      server.clock.advance(5)
      const withinInterval = await refresh(a)
      expect(withinInterval.status).toBe(200)

      server.clock.advance(10)
      const reuse = await refresh(b)
      expect(reuse.status).toBe(400)
      expect(await json(reuse)).toEqual({
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      })
      // The newest token of the session is dead too.
      const newest = await refresh(c)
      expect(newest.status).toBe(400)
      expect((await json(newest)).code).toBe('refresh_token_already_used')
    })

    it('serialises simultaneous refreshes of one token: all succeed with the same new token', async () => {
      const { session } = await signUp()
      const responses = await Promise.all(Array.from({ length: 8 }, () => refresh(session.refresh_token)))
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200))
      const tokens = new Set(
        await Promise.all(responses.map(async (response) => (await json(response)).refresh_token)),
      )
      expect(tokens.size).toBe(1)
    })

    it('separates malformed and unknown tokens', async () => {
      const malformed = await refresh('short')
      expect(await json(malformed)).toEqual({
        code: 'validation_failed',
        message: 'Refresh token is not valid',
      })
      const unknown = await refresh('abcdefghijkl')
      expect(await json(unknown)).toEqual({
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      })
    })
  })

  describe('access tokens', () => {
    const restWithToken = (token: string) =>
      fetch(`${server.url}/rest/v1/cabins?select=id`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${token}` },
      })

    it('are rejected once expired (beyond 30 s of skew)', async () => {
      const { client, session } = await signUp()
      server.clock.advance(3600 + 31)
      const { error } = await client.auth.getUser()
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' })
      expect(error!.message).toContain('token is expired')
      const rest = await restWithToken(session.access_token)
      expect(rest.status).toBe(401)
      expect((await json(rest)).code).toBe('PGRST303')
    })

    it('are rejected when tampered with', async () => {
      const { session } = await signUp()
      const [header, payload, signature] = session.access_token.split('.')
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
      const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')
      const response = await authFetch('/user', {
        headers: { Authorization: `Bearer ${header}.${forged}.${signature}` },
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('x-sb-error-code')).toBe('bad_jwt')
      const rest = await restWithToken(`${header}.${forged}.${signature}`)
      expect(rest.status).toBe(401)
      expect((await json(rest)).code).toBe('PGRST301')
    })
  })

  describe('logout', () => {
    it('revokes the refresh token and the session (global by default)', async () => {
      const { client, session } = await signUp()
      const { error } = await client.auth.signOut()
      expect(error).toBeNull()
      const { error: refreshError } = await server
        .client()
        .auth.refreshSession({ refresh_token: session.refresh_token })
      expect(refreshError?.status).toBe(400)
      const user = await authFetch('/user', {
        headers: { Authorization: `Bearer ${session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
      })
      expect(user.status).toBe(403)
      expect((await json(user)).code).toBe('session_not_found')
    })

    it('ends only the chosen sessions with scope local and others', async () => {
      const { session: first, email, password } = await signUp()
      const second = (await server.client().auth.signInWithPassword({ email, password })).data.session!
      const third = (await server.client().auth.signInWithPassword({ email, password })).data.session!
      const logout = (token: string, scope: string) =>
        authFetch(`/logout?scope=${scope}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })

      expect((await logout(first.access_token, 'others')).status).toBe(204)
      expect(
        (await authFetch('/user', { headers: { Authorization: `Bearer ${second.access_token}` } })).status,
      ).toBe(403)
      expect(
        (await authFetch('/user', { headers: { Authorization: `Bearer ${first.access_token}` } })).status,
      ).toBe(200)
      expect((await logout(third.access_token, 'local')).status).toBe(403)
      expect((await logout(first.access_token, 'local')).status).toBe(204)
      expect(
        (await authFetch('/user', { headers: { Authorization: `Bearer ${first.access_token}` } })).status,
      ).toBe(403)
      expect((await logout(first.access_token, 'everything')).status).toBe(400)
    })
  })

  describe('error format (contract 3.9)', () => {
    const badSignIn = { method: 'POST', body: JSON.stringify({ email: DEMO_EMAIL + '.x', password: 'nope' }) }

    it('uses {code, message} and echoes the version when the client sends X-Supabase-Api-Version', async () => {
      const response = await authFetch('/token?grant_type=password', {
        ...badSignIn,
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      })
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
      expect(await json(response)).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      })
    })

    it('uses the old {code: status, error_code, msg} shape otherwise', async () => {
      const response = await authFetch('/token?grant_type=password', badSignIn)
      expect(response.headers.get('x-supabase-api-version')).toBeNull()
      expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials')
      expect(await json(response)).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      })
    })
  })
})
