import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 13 item 1, staff takeover through invite squatting, played over HTTP with supabase-js: a
 * stranger holds an address staff are about to invite, and tries every order of sign-ups and email
 * changes to end up staff. Only the sign-up that carries the invite's token may become staff.
 */
describe.each(testDatabaseKinds())('staff invites on %s', (kind) => {
  let server: TestServer
  let staff: SupabaseClient
  const summary: string[] = []

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    staff = server.client()
    const { error } = await staff.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(error).toBeNull()
  })
  afterAll(async () => {
    await server?.stop()
    console.log(`staff-invite (${kind}): ${summary.join('; ')}`)
  })

  /** A new account through its own client, signed in as itself. */
  async function signUp(email: string, data: Record<string, unknown> = {}) {
    const client = server.client()
    const result = await client.auth.signUp({ email, password: 'stranger-password', options: { data } })
    return { client, ...result }
  }

  /** Whether the caller passes the database's staff check: staff read the settings row, others nothing. */
  async function isStaff(client: SupabaseClient): Promise<boolean> {
    const { data, error } = await client.from('settings').select('id')
    expect(error).toBeNull()
    return (data ?? []).length > 0
  }

  async function invite(email: string) {
    return staff.rpc('invite_staff', { p_email: email })
  }

  it('refuses to invite an address that already has an account, and a squatter never becomes staff', async () => {
    const address = 'squatted@example.com'
    const squatter = await signUp(address)
    expect(squatter.error).toBeNull()

    const refused = await invite('Squatted@Example.com')
    expect(refused.error).toMatchObject({
      code: '23505',
      message: 'A user with this email address already exists',
    })
    expect(refused.status).toBe(409)
    // Whatever the app does next, the address is taken: the staff sign-up fails...
    const staffSignUp = await signUp(address, { fullName: 'New Staff' })
    expect(staffSignUp.error).toMatchObject({ code: 'user_already_exists' })

    // ...and the squatter moves out and registers the address again, as the review did.
    const moved = await squatter.client.auth.updateUser({ email: 'moved-away@example.com' })
    expect(moved.error).toBeNull()
    const again = await signUp(address)
    expect(again.error).toBeNull()
    expect(await isStaff(again.client)).toBe(false)
    expect(await isStaff(squatter.client)).toBe(false)
    summary.push(
      'invite of a taken address refused (409 23505), re-registration after an email change not staff',
    )
  })

  it('makes staff only of the sign-up carrying the token, consumes the invite, and strips the token', async () => {
    const address = 'real.staff@example.com'
    const { data: token, error } = await invite(address)
    expect(error).toBeNull()
    expect(token).toMatch(/^[0-9a-f]{64}$/)

    const withoutToken = await signUp(address)
    expect(withoutToken.error).toBeNull()
    expect(await isStaff(withoutToken.client)).toBe(false)

    // The invite was consumed by that sign-up: its token no longer works for another address's
    // owner who frees this one and signs up again with it.
    await withoutToken.client.auth.updateUser({ email: 'real.staff.moved@example.com' })
    const late = await signUp(address, { staff_invite_token: token })
    expect(late.error).toBeNull()
    expect(await isStaff(late.client)).toBe(false)

    const fresh = await invite('new.colleague@example.com')
    const colleague = await signUp('new.colleague@example.com', {
      fullName: 'New Colleague',
      staff_invite_token: fresh.data,
    })
    expect(colleague.error).toBeNull()
    expect(await isStaff(colleague.client)).toBe(true)
    expect(colleague.data.user?.user_metadata).not.toHaveProperty('staff_invite_token')
    expect(colleague.data.user?.identities?.[0].identity_data).not.toHaveProperty('staff_invite_token')
    expect(colleague.data.user?.identities?.[0].identity_data).toMatchObject({ fullName: 'New Colleague' })
    expect(colleague.data.user?.user_metadata).toMatchObject({ fullName: 'New Colleague' })
    const { data: invites } = await staff.from('staff_invites').select('email')
    expect(invites).toEqual([])
    summary.push(
      'only the token-carrying sign-up became staff; invite consumed by any sign-up; token stripped',
    )
  })

  it('refuses a wrong token and lets staff cancel an invite', async () => {
    await invite('guess@example.com')
    const guessed = await signUp('guess@example.com', { staff_invite_token: '0'.repeat(64) })
    expect(await isStaff(guessed.client)).toBe(false)

    const { data: token } = await invite('cancelled@example.com')
    const cancelled = await staff.rpc('cancel_staff_invite', { p_token: token })
    expect(cancelled.error).toBeNull()
    const afterCancel = await signUp('cancelled@example.com', { staff_invite_token: token })
    expect(afterCancel.error).toBeNull()
    expect(await isStaff(afterCancel.client)).toBe(false)

    const outsider = await signUp('outsider@example.com')
    const { data: outsiderToken, error } = await outsider.client.rpc('invite_staff', {
      p_email: 'friend@example.com',
    })
    expect(outsiderToken).toBeNull()
    expect(error).toMatchObject({ code: '42501' })
    summary.push('a guessed token and a cancelled invite grant nothing; non-staff cannot invite')
  })

  it('never moves or frees staff rights through an email change', async () => {
    // A stranger takes an invited address by changing their email to it before the staff sign-up.
    const { data: token } = await invite('wanted@example.com')
    const stranger = await signUp('stranger.wants@example.com')
    expect((await stranger.client.auth.updateUser({ email: 'wanted@example.com' })).error).toBeNull()
    expect(await isStaff(stranger.client)).toBe(false)
    const blocked = await signUp('wanted@example.com', { staff_invite_token: token })
    expect(blocked.error).toMatchObject({ code: 'user_already_exists' })

    // A staff member who changes their address stays staff, and their old address brings nothing.
    const { data: colleagueToken } = await invite('mover@example.com')
    const colleague = await signUp('mover@example.com', { staff_invite_token: colleagueToken })
    expect(await isStaff(colleague.client)).toBe(true)
    expect((await colleague.client.auth.updateUser({ email: 'mover.new@example.com' })).error).toBeNull()
    expect(await isStaff(colleague.client)).toBe(true)
    const taker = await signUp('mover@example.com')
    expect(taker.error).toBeNull()
    expect(await isStaff(taker.client)).toBe(false)
    summary.push('an email change to an invited address, or away from a staff one, carries no staff rights')
  })
})
