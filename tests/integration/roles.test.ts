import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../src/server/auth/passwords'
import { addStaff } from '../../src/server/auth/staff'
import { withRequestRole } from '../../src/server/db/requestContext'
import type { Database as ServerDatabase } from '../../src/server/db/types'
import { DEMO_FRONT_DESK, DEMO_STAFF } from '../../src/server/seed'
import type { Database } from '../../src/shared/database.types'
import { addBooking, addCabin, addGuest, addStaffUser, userClaims } from '../harness/testFixtures'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../harness/testDatabases'
import { TINY_PNG, startTestServer, supabaseClient, type TestServer } from '../harness/testServer'

/**
 * Issue 18, roles: who may do what, over HTTP as the app calls the backend. The demo's admin and its
 * front-desk account try every operation of every table and every admin function; what the front
 * desk may not do is refused with 403, SQLSTATE 42501 and a sentence for the desk, and leaves no trace.
 */
type Client = SupabaseClient<Database>
type Role = 'admin' | 'front desk'

interface Answer {
  error: { code?: string; message: string } | null
  status: number
}

interface Operation {
  name: string
  /** Makes what the operation needs (as the database's owner) and returns the operation. */
  prepare(db: ServerDatabase): Promise<(client: Client) => PromiseLike<Answer>>
  /** What the front desk is told; undefined: the front desk may do it. */
  frontDeskRefusal?: string
}

let counter = 0
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`
const CABINS_REFUSAL = 'Only an admin can add, change or delete cabins'
const STAFF_REFUSAL = 'Only an admin can create users or change roles'

/** An unconfirmed stay far enough ahead to break no date rule, in a cabin of its own. */
async function futureBooking(db: ServerDatabase, status = 'unconfirmed'): Promise<number> {
  const id = await addBooking(db, {
    cabinId: await addCabin(db),
    guestId: await addGuest(db),
    startDate: '2027-03-10',
    nights: 4,
  })
  if (status !== 'unconfirmed')
    await db.query('update public.bookings set status = $2 where id = $1', [id, status])
  return id
}

const OPERATIONS: Operation[] = [
  {
    name: 'settings: read',
    prepare: async () => (c) => c.from('settings').select('*'),
  },
  {
    name: 'settings: change',
    prepare: async (db) => {
      const { rows } = await db.query<{ max: number }>(
        'select "maxGuestsPerBooking" as max from public.settings',
      )
      return (c) =>
        c
          .from('settings')
          .update({ maxGuestsPerBooking: rows[0].max === 8 ? 7 : 8 })
          .eq('id', 1)
    },
    frontDeskRefusal: 'Only an admin can change the settings',
  },
  { name: 'cabins: read', prepare: async () => (c) => c.from('cabins').select('*') },
  {
    name: 'cabins: add',
    prepare: async () => (c) =>
      c.from('cabins').insert({ name: unique('Cabin'), maxCapacity: 4, regularPrice: 100, discount: 0 }),
    frontDeskRefusal: CABINS_REFUSAL,
  },
  {
    name: 'cabins: change',
    prepare: async (db) => {
      const id = await addCabin(db)
      return (c) => c.from('cabins').update({ description: 'Renovated' }).eq('id', id)
    },
    frontDeskRefusal: CABINS_REFUSAL,
  },
  {
    name: 'cabins: delete',
    prepare: async (db) => {
      const id = await addCabin(db)
      return (c) => c.from('cabins').delete().eq('id', id)
    },
    frontDeskRefusal: CABINS_REFUSAL,
  },
  { name: 'guests: read', prepare: async () => (c) => c.from('guests').select('*') },
  {
    name: 'guests: add',
    prepare: async () => (c) => c.from('guests').insert({ fullName: unique('Guest') }),
  },
  {
    name: 'guests: change',
    prepare: async (db) => {
      const id = await addGuest(db)
      return (c) => c.from('guests').update({ nationality: 'Chile' }).eq('id', id)
    },
  },
  {
    name: 'guests: delete',
    prepare: async (db) => {
      const id = await addGuest(db)
      return (c) => c.from('guests').delete().eq('id', id)
    },
    frontDeskRefusal: 'Only an admin can delete guests',
  },
  { name: 'bookings: read', prepare: async () => (c) => c.from('bookings').select('*') },
  {
    name: 'bookings: add',
    prepare: async (db) => {
      const [cabinId, guestId] = [await addCabin(db), await addGuest(db)]
      return (c) =>
        c.from('bookings').insert({
          startDate: '2027-04-01',
          endDate: '2027-04-04',
          numNights: 3,
          numGuests: 2,
          cabinPrice: 540,
          extrasPrice: 0,
          totalPrice: 540,
          cabinId,
          guestId,
        })
    },
  },
  {
    name: 'bookings: check in',
    prepare: async (db) => {
      const id = await futureBooking(db)
      return (c) => c.from('bookings').update({ status: 'checked-in', isPaid: true }).eq('id', id)
    },
  },
  {
    name: 'bookings: cancel',
    prepare: async (db) => {
      const id = await futureBooking(db)
      return (c) => c.from('bookings').update({ status: 'cancelled' }).eq('id', id)
    },
  },
  {
    name: 'bookings: delete',
    prepare: async (db) => {
      const id = await futureBooking(db, 'cancelled')
      return (c) => c.from('bookings').delete().eq('id', id)
    },
    frontDeskRefusal: 'Only an admin can delete bookings',
  },
  { name: 'staff: read', prepare: async () => (c) => c.from('staff').select('user_id, role') },
  {
    name: 'staff: change a role through the table',
    prepare: async (db) => {
      const id = await addStaffUser(db, 'front desk')
      return (c) => c.from('staff').update({ role: 'admin' }).eq('user_id', id)
    },
    frontDeskRefusal: STAFF_REFUSAL,
  },
  {
    name: 'staff: set_staff_role',
    prepare: async (db) => {
      const id = await addStaffUser(db, 'front desk')
      return (c) => c.rpc('set_staff_role', { p_user_id: id, p_role: 'admin' })
    },
    frontDeskRefusal: STAFF_REFUSAL,
  },
  {
    name: 'staff: invite_staff',
    prepare: async () => (c) => c.rpc('invite_staff', { p_email: `${unique('new')}@example.com` }),
    frontDeskRefusal: 'Only an admin can create users',
  },
  {
    name: 'staff: list_staff',
    prepare: async () => (c) => c.rpc('list_staff'),
    frontDeskRefusal: 'Only an admin can see the staff list',
  },
  {
    name: 'staff: remove_staff',
    prepare: async (db) => {
      const id = await addStaffUser(db, 'front desk')
      return (c) => c.rpc('remove_staff', { p_user_id: id })
    },
    frontDeskRefusal: 'Only an admin can remove staff access',
  },
  {
    name: 'staff: set_staff_password',
    prepare: async (db) => {
      const id = await addStaffUser(db, 'front desk')
      return (c) => c.rpc('set_staff_password', { p_user_id: id, p_password: 'a-new-password' })
    },
    frontDeskRefusal: 'Only an admin can set a new password for someone else',
  },
]

/** The operations that change an audited table (an invite changes none until its sign-up). */
const MUTATIONS = new Set(
  OPERATIONS.filter((o) => !/: read$|list_staff|invite_staff/.test(o.name)).map((o) => o.name),
)

describe.each(testDatabaseKinds())('roles on %s', (kind) => {
  let server: TestServer
  let db: ServerDatabase
  const clients = {} as Record<Role, Client>
  const userIds = {} as Record<Role, string>

  async function signIn(email: string, password: string) {
    const client = server.client()
    const { data, error } = await client.auth.signInWithPassword({ email, password })
    if (error) throw error
    return { client, userId: data.user.id, session: data.session }
  }

  const lastEntryId = async () =>
    Number(
      (await db.query<{ id: string | null }>('select max(id) as id from public.activity_log')).rows[0].id ??
        0,
    )

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    db = server.db
    for (const [role, account] of [
      ['admin', DEMO_STAFF],
      ['front desk', DEMO_FRONT_DESK],
    ] as const) {
      const signedIn = await signIn(account.email, account.password)
      clients[role] = signedIn.client
      userIds[role] = signedIn.userId
    }
  })
  afterAll(() => server?.stop())

  describe.each(['admin', 'front desk'] as const)('as %s', (role) => {
    it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s', async (_name, operation) => {
      const run = await operation.prepare(db)
      const before = await lastEntryId()
      const answer = await run(clients[role])
      const refusal = role === 'front desk' ? operation.frontDeskRefusal : undefined
      if (refusal) {
        expect(answer.error).toMatchObject({ code: '42501', message: refusal })
        expect(answer.status).toBe(403)
        expect(await lastEntryId(), 'a refused operation leaves no entry').toBe(before)
      } else {
        expect(answer.error).toBeNull()
        expect(answer.status).toBeLessThan(300)
        if (MUTATIONS.has(operation.name)) {
          const { rows } = await db.query<{ user_id: string }>(
            'select user_id from public.activity_log where id > $1',
            [before],
          )
          expect(rows.length, 'every change writes an entry').toBeGreaterThan(0)
          expect(rows.every((row) => row.user_id === userIds[role])).toBe(true)
        }
      }
    })
  })

  it('reads the activity log as an admin only', async () => {
    const admin = await clients.admin.from('activity_log').select('id').limit(5)
    expect(admin.error).toBeNull()
    expect(admin.data?.length).toBeGreaterThan(0)
    expect(await clients['front desk'].from('activity_log').select('id')).toMatchObject({
      data: [],
      status: 200,
    })
  })

  it('lets cabin pictures follow cabins, and avatars stay every staff member’s', async () => {
    const upload = (role: Role, bucket: string) =>
      clients[role].storage
        .from(bucket)
        .upload(`${unique('roles')}.png`, TINY_PNG, { contentType: 'image/png' })
    expect((await upload('admin', 'cabin-images')).error).toBeNull()
    expect((await upload('front desk', 'avatars')).error).toBeNull()
    const refused = await upload('front desk', 'cabin-images')
    expect(refused.error).toMatchObject({ statusCode: '403' })
  })

  describe('the activity log', () => {
    const entriesAfter = async (id: number) =>
      (
        await db.query<Record<string, unknown>>(
          `select user_id, user_email, user_name, table_name, row_id, action, changes
             from public.activity_log where id > $1 order by id`,
          [id],
        )
      ).rows

    it('names the author, the record and the changed fields of each change', async () => {
      const bookingId = await futureBooking(db)
      const before = await lastEntryId()
      const desk = clients['front desk']
      expect(
        (await desk.from('bookings').update({ status: 'checked-in', isPaid: true }).eq('id', bookingId))
          .error,
      ).toBeNull()
      const guest = await desk
        .from('guests')
        .insert({ fullName: 'Ana Lima', email: 'ana@example.com' })
        .select('id')
        .single()
      expect(
        (await clients.admin.from('settings').update({ breakfastPrice: 18 }).eq('id', 1)).error,
      ).toBeNull()
      expect(
        (await clients.admin.from('settings').update({ breakfastPrice: 15 }).eq('id', 1)).error,
      ).toBeNull()

      const deskAuthor = {
        user_id: userIds['front desk'],
        user_email: DEMO_FRONT_DESK.email,
        user_name: DEMO_FRONT_DESK.fullName,
      }
      const adminAuthor = {
        user_id: userIds.admin,
        user_email: DEMO_STAFF.email,
        user_name: DEMO_STAFF.fullName,
      }
      expect(await entriesAfter(before)).toEqual([
        {
          ...deskAuthor,
          table_name: 'bookings',
          row_id: String(bookingId),
          action: 'update',
          changes: { status: { old: 'unconfirmed', new: 'checked-in' }, isPaid: { old: false, new: true } },
        },
        {
          ...deskAuthor,
          table_name: 'guests',
          row_id: String(guest.data?.id),
          action: 'insert',
          changes: {
            id: { new: guest.data?.id },
            created_at: { new: expect.any(String) },
            fullName: { new: 'Ana Lima' },
            email: { new: 'ana@example.com' },
          },
        },
        {
          ...adminAuthor,
          table_name: 'settings',
          row_id: '1',
          action: 'update',
          changes: { breakfastPrice: { old: 15, new: 18 } },
        },
        {
          ...adminAuthor,
          table_name: 'settings',
          row_id: '1',
          action: 'update',
          changes: { breakfastPrice: { old: 18, new: 15 } },
        },
      ])
    })

    it('keeps a deleted record’s fields, writes nothing for an update that changed nothing or failed', async () => {
      const cabinId = await addCabin(db, { name: unique('Gone') })
      const before = await lastEntryId()
      expect((await clients.admin.from('cabins').update({ discount: 20 }).eq('id', cabinId)).error).toBeNull()
      const broken = await clients.admin.from('cabins').update({ discount: 1000 }).eq('id', cabinId)
      expect(broken.error?.code).toBe('23514')
      expect((await clients.admin.from('cabins').delete().eq('id', cabinId)).error).toBeNull()
      const entries = await entriesAfter(before)
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ table_name: 'cabins', row_id: String(cabinId), action: 'delete' })
      expect(entries[0].changes).toMatchObject({
        name: { old: expect.stringMatching(/^Gone-/) },
        discount: { old: 20 },
      })
    })

    it('records role changes, new passwords and removals of staff, never a password', async () => {
      const { userId } = await addStaff(db, {
        email: `${unique('member')}@example.com`,
        password: 'first-password',
        fullName: 'Joe Doe',
      })
      const before = await lastEntryId()
      const admin = clients.admin
      expect(
        (await admin.rpc('set_staff_role', { p_user_id: userId, p_role: 'front desk' })).error,
      ).toBeNull()
      expect(
        (await admin.rpc('set_staff_password', { p_user_id: userId, p_password: 'second-password' })).error,
      ).toBeNull()
      expect((await admin.rpc('remove_staff', { p_user_id: userId })).error).toBeNull()
      const entries = await entriesAfter(before)
      expect(entries.map((e) => [e.table_name, e.row_id, e.action, e.changes])).toEqual([
        ['staff', userId, 'update', { role: { old: 'admin', new: 'front desk' } }],
        ['staff', userId, 'set password', {}],
        [
          'staff',
          userId,
          'delete',
          { user_id: { old: userId }, created_at: { old: expect.any(String) }, role: { old: 'front desk' } },
        ],
      ])
      expect(JSON.stringify(entries)).not.toMatch(/password":|\$2[aby]\$/)
    })

    it('names the admin who created a staff account as the author of its access, not the new account', async () => {
      const email = `${unique('invited')}@example.com`.toLowerCase()
      const invite = await clients.admin.rpc('invite_staff', { p_email: email, p_role: 'front desk' })
      expect(invite.error).toBeNull()
      const before = await lastEntryId()
      const newcomer = server.client()
      const signUp = await newcomer.auth.signUp({
        email,
        password: 'newcomer-password',
        options: { data: { fullName: 'New Colleague', staff_invite_token: invite.data } },
      })
      expect(signUp.error).toBeNull()
      expect(await entriesAfter(before)).toEqual([
        {
          user_id: userIds.admin,
          user_email: DEMO_STAFF.email,
          user_name: DEMO_STAFF.fullName,
          table_name: 'staff',
          row_id: signUp.data.user?.id,
          action: 'insert',
          changes: {
            user_id: { new: signUp.data.user?.id },
            created_at: { new: expect.any(String) },
            role: { new: 'front desk' },
          },
        },
      ])
      // The new account's own next change is its own again: the admin's name was for that insert only.
      const { error } = await newcomer.from('guests').insert({ fullName: 'Walk-in Guest' })
      expect(error).toBeNull()
      const [own] = (await entriesAfter(before)).slice(1)
      expect(own).toMatchObject({ user_id: signUp.data.user?.id, user_email: email, table_name: 'guests' })
    })

    it('keeps the author out of the API’s reach: no call can set who acts', async () => {
      const spoof = await clients['front desk'].rpc(
        'set_config' as never,
        {
          setting_name: 'innkeeper.activity_author',
          new_value: userIds.admin,
          is_local: false,
        } as never,
      )
      expect(spoof.error).toMatchObject({ code: 'PGRST202' })
    })

    // What the triggers cost (issue 18): a function call with its own settings, its query parsed and
    // planned again for every audited row, was most of it. Inlined, the author is a join of the
    // trigger's own cached plan.
    it('finds the author inside the trigger’s own query, not by a function call per row', async () => {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        'explain (costs off) select * from private.activity_author()',
      )
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
      expect(plan).not.toMatch(/Function Scan/)
      expect(plan).toMatch(/ on users u\b/)
    })

    it('cannot be changed or emptied through the API by anyone, the service role included', async () => {
      const service = supabaseClient(server.url, server.serviceKey)
      const [entry] = (
        await db.query<{ id: number }>('select id from public.activity_log order by id limit 1')
      ).rows
      for (const client of [clients.admin, clients['front desk'], service]) {
        const attempts = [
          await client.from('activity_log').update({ action: 'delete' }).eq('id', entry.id),
          await client.from('activity_log').delete().eq('id', entry.id),
          await client.from('activity_log').insert({ table_name: 'cabins', row_id: '1', action: 'insert' }),
        ]
        for (const attempt of attempts) {
          expect(attempt.status).toBe(403)
          expect(attempt.error).toMatchObject({
            code: '42501',
            message: 'permission denied for table activity_log',
          })
        }
      }
      // The database's owner is refused too: an entry is never rewritten.
      await expect(
        db.query('update public.activity_log set action = $1 where id = $2', ['delete', entry.id]),
      ).rejects.toMatchObject({
        code: '42501',
        message: 'The activity log cannot be changed',
      })
      await expect(db.query('truncate public.activity_log')).rejects.toMatchObject({ code: '42501' })
    })
  })

  describe('ending someone’s access', () => {
    async function signedInMember(role: Role) {
      const email = `${unique('member')}@example.com`
      const { userId } = await addStaff(db, { email, password: 'member-password', fullName: 'Soon Changed' })
      if (role === 'front desk')
        await db.query(`update public.staff set role = 'front desk' where user_id = $1`, [userId])
      const member = await signIn(email, 'member-password')
      expect((await member.client.from('settings').select('id')).data).toHaveLength(1)
      return { ...member, email }
    }

    const refreshWith = (refreshToken: string) =>
      fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      })

    it('removed: the access token they hold is refused at once and cannot be refreshed', async () => {
      const member = await signedInMember('front desk')
      expect((await clients.admin.rpc('remove_staff', { p_user_id: member.userId })).error).toBeNull()

      expect(await member.client.from('settings').select('id')).toMatchObject({ data: [], status: 200 })
      const write = await member.client.from('guests').insert({ fullName: 'Written after removal' })
      expect(write).toMatchObject({ status: 403, error: { code: '42501' } })
      expect((await refreshWith(member.session.refresh_token)).status).toBe(400)
      expect((await clients.admin.from('staff').select('user_id').eq('user_id', member.userId)).data).toEqual(
        [],
      )
    })

    it('new password: their sessions end, the old password no longer signs in, the new one does', async () => {
      const member = await signedInMember('front desk')
      const answer = await clients.admin.rpc('set_staff_password', {
        p_user_id: member.userId,
        p_password: 'brand-new-pass',
      })
      expect(answer.error).toBeNull()

      expect(await member.client.from('settings').select('id')).toMatchObject({ data: [], status: 200 })
      expect((await refreshWith(member.session.refresh_token)).status).toBe(400)
      await expect(signIn(member.email, 'member-password')).rejects.toMatchObject({
        code: 'invalid_credentials',
      })
      const again = await signIn(member.email, 'brand-new-pass')
      expect((await again.client.from('settings').select('id')).data).toHaveLength(1)
    })

    it('words what it refuses', async () => {
      const admin = clients.admin
      const member = await addStaffUser(db, 'front desk')
      expect(await admin.rpc('set_staff_password', { p_user_id: member, p_password: 'short' })).toMatchObject(
        {
          status: 400,
          error: { code: '22023', message: 'Password must be at least 8 characters long' },
        },
      )
      expect(
        await admin.rpc('set_staff_password', { p_user_id: userIds.admin, p_password: 'long-enough' }),
      ).toMatchObject({
        status: 400,
        error: { code: '22023', message: 'Change your own password on the Account screen' },
      })
      expect(await admin.rpc('set_staff_role', { p_user_id: member, p_role: 'owner' })).toMatchObject({
        status: 400,
        error: { code: '22023', message: 'A role is admin or front desk' },
      })
      const nobody = '00000000-0000-4000-8000-000000000000'
      for (const answer of [
        await admin.rpc('set_staff_role', { p_user_id: nobody, p_role: 'admin' }),
        await admin.rpc('remove_staff', { p_user_id: nobody }),
        await admin.rpc('set_staff_password', { p_user_id: nobody, p_password: 'long-enough' }),
      ]) {
        expect(answer).toMatchObject({
          status: 404,
          error: { code: 'P0002', message: 'This staff member does not exist' },
        })
      }
    })
  })
})

/**
 * The last admin can be neither demoted nor removed, even by two admins demoting each other at once:
 * on PostgreSQL the two transactions really overlap (the second is held until the first commits).
 */
describe.each(testDatabaseKinds())('admin functions in SQL on %s', (kind) => {
  let handle: TestDatabase
  let db: ServerDatabase

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
  })
  afterAll(() => handle?.drop())

  const LAST_ADMIN = {
    code: '23514',
    message: 'Innkeeper needs at least one admin: make someone else an admin first',
  }
  const admins = async () =>
    (await db.query<{ user_id: string }>(`select user_id from public.staff where role = 'admin'`)).rows.map(
      (row) => row.user_id,
    )
  const as = (userId: string, sql: string, params: unknown[] = []) =>
    withRequestRole(db, userClaims(userId), (tx) => tx.query(sql, params))

  it('cannot demote, remove or delete the only admin', async () => {
    await db.query('delete from public.staff')
    const admin = await addStaffUser(db)
    const desk = await addStaffUser(db, 'front desk')
    await expect(as(admin, `select public.set_staff_role($1, 'front desk')`, [admin])).rejects.toMatchObject(
      LAST_ADMIN,
    )
    await expect(as(admin, `update public.staff set role = 'front desk'`)).rejects.toMatchObject(LAST_ADMIN)
    await expect(as(admin, 'select public.remove_staff($1)', [admin])).rejects.toMatchObject(LAST_ADMIN)
    await expect(db.query('delete from auth.users where id = $1', [admin])).rejects.toMatchObject(LAST_ADMIN)
    // A front-desk member comes and goes freely; with a second admin, the first may step down.
    await as(admin, 'select public.remove_staff($1)', [desk])
    const second = await addStaffUser(db)
    await as(admin, `select public.set_staff_role($1, 'front desk')`, [admin])
    expect(await admins()).toEqual([second])
  })

  it('hashes a new password in SQL where no server hands a hash over, as on hosted Supabase', async () => {
    const admin = await addStaffUser(db)
    const member = await addStaffUser(db, 'front desk')
    await as(admin, 'select public.set_staff_password($1, $2)', [member, 'hashed-by-pgcrypto'])
    const { rows } = await db.query<{ hash: string }>(
      'select encrypted_password as hash from auth.users where id = $1',
      [member],
    )
    expect(rows[0].hash).toMatch(/^\$2a\$10\$/)
    expect(await verifyPassword('hashed-by-pgcrypto', rows[0].hash)).toBe(true)
  })

  it('leaves one admin when two demote each other at once', async () => {
    await db.query('delete from public.staff where role <> $1', ['admin'])
    const [a, b] = [await addStaffUser(db), await addStaffUser(db)]
    await db.query('delete from public.staff where user_id not in ($1, $2)', [a, b])

    let releaseFirst = () => {}
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve))
    let firstDemoted = () => {}
    const firstHasDemoted = new Promise<void>((resolve) => (firstDemoted = resolve))
    const first = withRequestRole(db, userClaims(a), async (tx) => {
      await tx.query(`select public.set_staff_role($1, 'front desk')`, [b])
      firstDemoted()
      await firstHolds
    })
    await firstHasDemoted
    const second = as(b, `select public.set_staff_role($1, 'front desk')`, [a])
    if (kind === 'postgres') {
      // The second transaction must be waiting for the first, not finished on its own snapshot.
      await expect.poll(() => waitingForLock(db), { timeout: 5000 }).toBe(true)
    }
    releaseFirst()
    const outcomes = await Promise.allSettled([first, second])
    expect(outcomes[0].status).toBe('fulfilled')
    // PGlite has one connection: there the second runs after the first, when b is no longer an admin.
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: kind === 'postgres' ? LAST_ADMIN : { code: '42501' },
    })
    expect(await admins()).toEqual([a])
  })
})

async function waitingForLock(db: ServerDatabase): Promise<boolean> {
  const { rows } = await db.query<{ waiting: boolean }>(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and not granted) as waiting`,
  )
  return rows[0].waiting
}
