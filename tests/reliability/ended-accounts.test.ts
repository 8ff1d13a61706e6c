import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff } from '../../src/server/auth/staff'
import { testDatabaseKinds } from '../harness/testDatabases'
import type { Database } from '../../src/server/db/types'
import { startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 13 item 20: a staff account that is banned or deleted while signed in keeps nothing, over
 * HTTP: its refresh token is refused, and the access token it still holds (a JWT stays valid until
 * it expires) reads no data, changes nothing and opens no staff-only function.
 */
const ENDINGS = {
  banned: `update auth.users set banned_until = now() + interval '1 day' where id = $1`,
  'soft-deleted': `update auth.users set deleted_at = now() where id = $1`,
  deleted: `delete from auth.users where id = $1`,
}

describe.each(testDatabaseKinds())('ended accounts on %s', (kind) => {
  let server: TestServer
  let db: Database
  const summary: string[] = []

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    db = server.db
  })
  afterAll(async () => {
    await server?.stop()
    console.log(`ended-accounts (${kind}): ${summary.join('; ')}`)
  })

  async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: server.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await response.text()
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined }
  }

  /** A staff member signed in, with the tokens of that session. */
  async function signedInStaff(email: string) {
    const { userId } = await addStaff(db, { email, password: 'staff-password', fullName: 'Soon Gone' })
    const session = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email, password: 'staff-password' },
    })
    expect(session.status).toBe(200)
    const { access_token, refresh_token } = session.json as Record<string, string>
    expect((await call('/rest/v1/settings?select=id', { token: access_token })).json).toHaveLength(1)
    return { userId, access_token, refresh_token }
  }

  it.each(Object.entries(ENDINGS))('%s: the session stops working', async (ending, sql) => {
    const staff = await signedInStaff(`${ending}@example.com`)
    await db.query(sql, [staff.userId])

    const read = await call('/rest/v1/settings?select=id', { token: staff.access_token })
    expect(read).toEqual({ status: 200, json: [] })
    const write = await call('/rest/v1/guests', {
      method: 'POST',
      token: staff.access_token,
      body: { fullName: 'Written after the end' },
    })
    expect(write.status).toBe(403)
    expect(write.json).toMatchObject({ code: '42501' })
    const dashboard = await call('/rest/v1/rpc/get_dashboard', {
      method: 'POST',
      token: staff.access_token,
      body: { p_today: '2026-06-15', p_days: 7 },
    })
    expect(dashboard.json).toMatchObject({ code: '42501' })

    const refresh = await call('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: { refresh_token: staff.refresh_token },
    })
    expect(refresh.status).toBe(400)
    expect((refresh.json as { code: string }).code).toBe(
      ending === 'banned' ? 'user_banned' : 'refresh_token_not_found',
    )
    summary.push(`${ending}: access token reads nothing and writes nothing, refresh ${refresh.status}`)
  })

  it('a ban that has run out gives the rights back', async () => {
    const staff = await signedInStaff('was-banned@example.com')
    await db.query(`update auth.users set banned_until = now() - interval '1 second' where id = $1`, [
      staff.userId,
    ])
    expect((await call('/rest/v1/settings?select=id', { token: staff.access_token })).json).toHaveLength(1)
  })
})
