import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Database, Queryable } from '../../src/server/db/types'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, json, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 14 item 5: a real desk starts with no staff, and its first run creates the owner through the
 * embedded backend's own path. Attacks over HTTP: the path must create one owner at most, whoever
 * races for it, never once any staff exists, never where the server was not started for it (web
 * mode, a demo folder), and never hand a stranger's earlier sign-up the owner's rights.
 */
const summary: string[] = []
afterAll(() => console.log(`owner-setup: ${summary.join('; ')}`))

const OWNER_PATH = '/auth/v1/innkeeper/owner'

describe.each(testDatabaseKinds())('the owner of a new desk (%s)', (kind) => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.stop()
    server = undefined
  })

  const start = async (options: {
    ownerSetup: boolean
    demo: boolean
    demoData?: boolean
    wrapDatabase?: (db: Database) => Database
  }) => {
    server = await startTestServer(options, kind)
    return server
  }
  const ownerRequest = (s: TestServer, body: Record<string, unknown>, token = s.anonKey) =>
    fetch(`${s.url}${OWNER_PATH}`, {
      method: 'POST',
      headers: {
        apikey: s.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify(body),
    })
  const needsOwner = async (s: TestServer) => {
    const response = await fetch(`${s.url}${OWNER_PATH}`, { headers: { apikey: s.anonKey } })
    return response.status === 200
      ? ((await response.json()) as { needs_owner: boolean }).needs_owner
      : response.status
  }
  const owner = (n: number) => ({
    email: `owner-${n}@example.com`,
    password: 'long-enough-1',
    full_name: `Owner ${n}`,
    business_name: `Cabins ${n}`,
  })

  it('is asked for on an empty database, created once by an anonymous caller, who can then sign in as staff', async () => {
    const s = await start({ ownerSetup: true, demo: false })
    expect(await needsOwner(s)).toBe(true)
    const created = await ownerRequest(s, owner(1))
    expect(created.status).toBe(201)
    expect(await needsOwner(s)).toBe(false)
    const client = s.client()
    const { error } = await client.auth.signInWithPassword({
      email: 'owner-1@example.com',
      password: 'long-enough-1',
    })
    expect(error).toBeNull()
    const { data: isStaff } = await client.rpc('is_staff')
    expect(isStaff).toBe(true)
    // The owner is the first admin (issue 18).
    expect((await client.rpc('staff_role')).data).toBe('admin')
    const { data: settings } = await client.from('settings').select('businessName').single()
    expect(settings?.businessName).toBe('Cabins 1')
    summary.push(`${kind}: owner created by anon and signs in as staff`)
  })

  it('of several desks racing, exactly one creates the owner', async () => {
    const racers = 5
    // On PostgreSQL the racers' transactions are held until every one of them has sent its first
    // statement, so all of them are inside their transaction at once (PGlite runs one at a time).
    const barrier = new TransactionBarrier(racers)
    const s = await start({
      ownerSetup: true,
      demo: false,
      wrapDatabase: kind === 'postgres' ? (db) => barrier.wrap(db) : undefined,
    })
    barrier.arm()
    const statuses = await Promise.all(
      Array.from({ length: racers }, (_, n) => ownerRequest(s, owner(n)).then((r) => r.status)),
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 403)).toHaveLength(racers - 1)
    const staff = await fetch(`${s.url}/rest/v1/staff?select=user_id`, {
      headers: { apikey: s.serviceKey, Authorization: `Bearer ${s.serviceKey}` },
    })
    expect(await staff.json()).toHaveLength(1)
    summary.push(`${kind}: 5 racing, 1 owner, 4 refused`)
  })

  it('is refused for good once any staff exists, even to a signed-in non-staff user', async () => {
    const s = await start({ ownerSetup: true, demo: false })
    expect((await ownerRequest(s, owner(1))).status).toBe(201)
    const stranger = s.client()
    const { data } = await stranger.auth.signUp({ email: 'stranger@example.com', password: 'stranger-pass' })
    const token = data.session?.access_token ?? ''
    expect(token).not.toBe('')
    const refused = await ownerRequest(s, owner(2), token)
    expect(refused.status).toBe(403)
    expect((await json(refused)).code).toBe('owner_exists')
    summary.push(`${kind}: refused after the owner, also to a signed-in non-staff user`)
  })

  it('never makes a stranger’s earlier sign-up of the same email the owner', async () => {
    const s = await start({ ownerSetup: true, demo: false })
    await s.client().auth.signUp({ email: 'owner-1@example.com', password: 'strangers-pass' })
    const refused = await ownerRequest(s, owner(1))
    expect(refused.status).toBe(422)
    expect((await json(refused)).code).toBe('email_exists')
    expect(await needsOwner(s)).toBe(true)
    summary.push(`${kind}: a pre-registered email is refused, still no staff`)
  })

  it('checks the owner’s details like the new-user form', async () => {
    const s = await start({ ownerSetup: true, demo: false })
    const short = await ownerRequest(s, { ...owner(1), password: 'short7!' })
    expect([short.status, (await json(short)).code]).toEqual([422, 'weak_password'])
    const nameless = await ownerRequest(s, { ...owner(1), full_name: '  ' })
    expect([nameless.status, (await json(nameless)).code]).toEqual([400, 'validation_failed'])
    const unnamed = await ownerRequest(s, { ...owner(1), business_name: '' })
    expect([unnamed.status, (await json(unnamed)).code]).toEqual([400, 'validation_failed'])
    const longName = await ownerRequest(s, { ...owner(1), business_name: 'x'.repeat(101) })
    expect([longName.status, (await json(longName)).code]).toEqual([400, 'validation_failed'])
    const badEmail = await ownerRequest(s, { ...owner(1), email: 'not-an-email' })
    expect([badEmail.status, (await json(badEmail)).code]).toEqual([400, 'validation_failed'])
    expect(await needsOwner(s)).toBe(true)
  })

  it('in the desktop’s demo folder, says it is the demo and offers no owner set-up', async () => {
    const s = await start({ ownerSetup: false, demo: true, demoData: true })
    const status = await fetch(`${s.url}${OWNER_PATH}`, { headers: { apikey: s.anonKey } })
    expect(await status.json()).toEqual({ needs_owner: false, demo: true })
    expect((await ownerRequest(s, owner(1))).status).toBe(405)
    summary.push(`${kind}: the demo folder says demo, POST 405`)
  })

  it('does not exist where the server was not started for it (web mode, demo data)', async () => {
    const s = await start({ ownerSetup: false, demo: true })
    expect(await needsOwner(s)).toBe(404)
    expect((await ownerRequest(s, owner(1))).status).toBe(404)
    const { error } = await s.client().auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(error).toBeNull()
    summary.push(`${kind}: 404 without ownerSetup`)
  })
})

/**
 * Once armed, each transaction's second statement waits until `count` transactions have sent their
 * first one: the owner check of every racer then runs while the others are open too. A transaction
 * that waits on a lock in its first statement has sent it, so the locking code never deadlocks here.
 */
class TransactionBarrier {
  private armed = false
  private started = 0
  private release!: () => void
  private readonly allStarted = new Promise<void>((resolve) => (this.release = resolve))
  constructor(private readonly count: number) {}

  arm(): void {
    this.armed = true
  }

  wrap(db: Database): Database {
    return Object.assign(Object.create(db) as Database, {
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
        db.transaction((tx) => {
          if (!this.armed) return fn(tx)
          let statements = 0
          return fn({
            exec: (sql) => tx.exec(sql),
            query: async (sql, params) => {
              statements++
              if (statements === 1 && ++this.started === this.count) this.release()
              if (statements === 2) await this.allStarted
              return tx.query(sql, params)
            },
          })
        }),
    })
  }
}
