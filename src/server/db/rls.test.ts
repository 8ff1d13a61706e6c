import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asServiceRole, UnknownRoleError, withRequestRole, type RequestClaims } from './requestContext'
import {
  addBooking,
  addCabin,
  addGuest,
  addStaffUser,
  addUser,
  userClaims,
  type StayInput,
} from '../../../tests/harness/testFixtures'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database } from './types'

const TABLES = ['cabins', 'guests', 'bookings', 'settings', 'staff', 'staff_invites'] as const

/** Who may see and change what: only staff, through every table, function and bucket. */
describe.each(testDatabaseKinds())('row level security on %s', (kind) => {
  let handle: TestDatabase
  let db: Database
  let staff: RequestClaims
  let stranger: RequestClaims
  let bookingId: number
  let stay: StayInput

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    staff = userClaims(await addStaffUser(db))
    stranger = userClaims(await addUser(db))
    stay = { cabinId: await addCabin(db), guestId: await addGuest(db), startDate: '2027-01-10', nights: 3 }
    bookingId = await addBooking(db, stay)
    await db.query(
      "insert into public.staff_invites (email, token_hash) values ('someone@example.com', 'not-a-hash')",
    )
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata) values ('cabin-images', 'existing.png', '{}')`,
    )
  })
  afterAll(() => handle.drop())

  const snapshot = () =>
    Promise.all(
      TABLES.map((table) => db.query(`select * from public.${table} order by 1`).then((r) => r.rows)),
    )

  describe.each([
    ['anon', (): RequestClaims => ({ role: 'anon' })],
    ['a signed-up user who is not staff', () => stranger],
  ])('%s', (_who, claims) => {
    const as = <T>(fn: Parameters<typeof withRequestRole<T>>[2]) => withRequestRole(db, claims(), fn)

    it('sees no row of any table', async () => {
      for (const table of TABLES) {
        const { rows } = await as((tx) => tx.query(`select * from public.${table}`))
        expect(rows, table).toEqual([])
      }
      expect((await as((tx) => tx.query('select * from storage.objects'))).rows).toEqual([])
      expect((await as((tx) => tx.query('select * from storage.buckets'))).rows).toEqual([])
    })

    it('changes nothing in any table', async () => {
      const before = await snapshot()
      for (const table of TABLES) {
        expect(
          (await as((tx) => tx.query(`update public.${table} set created_at = now()`))).affectedRows,
        ).toBe(0)
        expect((await as((tx) => tx.query(`delete from public.${table}`))).affectedRows).toBe(0)
      }
      await expect(
        as((tx) =>
          tx.query(`insert into public.cabins (name, "maxCapacity", "regularPrice") values ('x', 2, 100)`),
        ),
      ).rejects.toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "cabins"',
      })
      await expect(
        as((tx) => tx.query(`insert into public.staff (user_id) values ($1)`, [stranger.sub])),
      ).rejects.toMatchObject({ code: '42501' })
      // Overlapping the existing stay and over capacity: the rules must not reveal that, RLS refuses first.
      await expect(as((tx) => addBooking(tx, { ...stay, numGuests: 50 }))).rejects.toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "bookings"',
      })
      expect(await snapshot()).toEqual(before)
    })

    it('cannot read, upload or remove stored images', async () => {
      await expect(
        as((tx) =>
          tx.query(`insert into storage.objects (bucket_id, name) values ('cabin-images', 'evil.png')`),
        ),
      ).rejects.toMatchObject({ code: '42501' })
      const removed = await as((tx) =>
        tx.query(`delete from storage.objects where bucket_id = 'cabin-images'`),
      )
      expect(removed.affectedRows).toBe(0)
    })

    it('cannot use the dashboard or invite staff', async () => {
      const denied = claims().role === 'anon' ? /permission denied for function/ : /^Only staff/
      await expect(
        as((tx) => tx.query(`select public.get_dashboard('2027-01-12', 7)`)),
      ).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(denied),
      })
      await expect(
        as((tx) => tx.query(`select public.invite_staff('friend@example.com')`)),
      ).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(claims().role === 'anon' ? denied : /^Only an admin/),
      })
      const isStaff = as((tx) => tx.query<{ s: boolean }>('select public.is_staff() as s'))
      if (claims().role === 'anon') {
        // Supabase's advisor flags a security definer function anon may run; anon has no use for it.
        await expect(isStaff).rejects.toMatchObject({
          code: '42501',
          message: 'permission denied for function is_staff',
        })
      } else expect((await isStaff).rows).toEqual([{ s: false }])
    })
  })

  describe('staff', () => {
    const as = <T>(fn: Parameters<typeof withRequestRole<T>>[2]) => withRequestRole(db, staff, fn)

    it('reads every table', async () => {
      for (const table of ['cabins', 'guests', 'bookings', 'settings', 'staff', 'staff_invites']) {
        const { rows } = await as((tx) => tx.query(`select * from public.${table}`))
        expect(rows.length, table).toBeGreaterThan(0)
      }
    })

    it('creates, edits and deletes cabins, checks guests in and changes settings', async () => {
      await as(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `insert into public.cabins (name, "maxCapacity", "regularPrice") values ('Staff cabin', 2, 100) returning id`,
        )
        await tx.query(`update public.cabins set discount = 10 where id = $1`, [rows[0].id])
        expect((await tx.query('delete from public.cabins where id = $1', [rows[0].id])).affectedRows).toBe(1)
        const checkIn = await tx.query(
          `update public.bookings set status = 'checked-in', "isPaid" = true where id = $1 returning id`,
          [bookingId],
        )
        expect(checkIn.rows).toEqual([{ id: bookingId }])
        await tx.query(`update public.settings set "breakfastPrice" = 16 where id = 1`)
        await tx.query(`update public.settings set "breakfastPrice" = 15 where id = 1`)
      })
    })

    it('uploads and removes images in the two buckets only', async () => {
      await as(async (tx) => {
        for (const bucket of ['cabin-images', 'avatars']) {
          await tx.query(
            `insert into storage.objects (bucket_id, name, owner) values ($1, 'a/b/c.png', $2)`,
            [bucket, staff.sub],
          )
        }
        const { rows } = await tx.query(
          `select path_tokens, storage.foldername(name) as folders, storage.filename(name) as file,
                  storage.extension(name) as ext
             from storage.objects where bucket_id = 'avatars'`,
        )
        expect(rows).toEqual([
          { path_tokens: ['a', 'b', 'c.png'], folders: ['a', 'b'], file: 'c.png', ext: 'png' },
        ])
        const removed = await tx.query(`delete from storage.objects where name = 'a/b/c.png'`)
        expect(removed.affectedRows).toBe(2)
      })
      await db.query(
        `insert into storage.buckets (id, name) values ('private', 'private') on conflict do nothing`,
      )
      await expect(
        as((tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('private', 'x.png')`)),
      ).rejects.toMatchObject({ code: '42501' })
    })
  })

  it('puts every public table under row level security', async () => {
    const { rows } = await db.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' and not rowsecurity`,
    )
    expect(rows).toEqual([])
  })

  it('lets the service role past row level security', async () => {
    const { rows } = await asServiceRole(db, (tx) =>
      tx.query('select count(*)::int as n from public.bookings'),
    )
    expect(rows).toEqual([{ n: 1 }])
  })

  it('sets role and claims only for the transaction, and only known roles', async () => {
    const inside = await withRequestRole(db, staff, (tx) =>
      tx.query(
        'select current_user as "user", auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> \'aud\' as aud',
      ),
    )
    expect(inside.rows).toEqual([
      {
        user: 'authenticated',
        uid: staff.sub,
        role: 'authenticated',
        email: staff.email,
        aud: 'authenticated',
      },
    ])
    const after = await db.query('select auth.uid() as uid, auth.role() as role')
    expect(after.rows).toEqual([{ uid: null, role: null }])
    await expect(withRequestRole(db, { role: 'postgres' }, async () => 1)).rejects.toBeInstanceOf(
      UnknownRoleError,
    )
  })

  describe('becoming staff', () => {
    const isStaff = async (userId: string) =>
      (await db.query('select 1 from public.staff where user_id = $1', [userId])).rows.length === 1

    const invite = async (email: string) =>
      (
        await withRequestRole(db, staff, (tx) =>
          tx.query<{ token: string }>('select public.invite_staff($1) as token', [email]),
        )
      ).rows[0].token

    it('happens to the new account carrying the token of a fresh invite for its address', async () => {
      const token = await invite('  New.Person@Example.COM ')
      const { rows } = await db.query(
        'select email, invited_by from public.staff_invites where email like $1',
        ['new.person%'],
      )
      expect(rows).toEqual([{ email: 'new.person@example.com', invited_by: staff.sub }])
      const userId = await addUser(db, 'new.person@example.com', {
        fullName: 'New',
        staff_invite_token: token,
      })
      expect(await isStaff(userId)).toBe(true)
      expect(
        (await db.query(`select 1 from public.staff_invites where email = 'new.person@example.com'`)).rows,
      ).toEqual([])
      const metadata = () =>
        db.query('select raw_user_meta_data as m from auth.users where id = $1', [userId])
      expect((await metadata()).rows[0].m).toEqual({ fullName: 'New' })
      // GoTrue writes its in-memory copy of the metadata back when it confirms the email.
      await db.query(
        `update auth.users set raw_user_meta_data = $2::jsonb || '{"email_verified": true}' where id = $1`,
        [userId, JSON.stringify({ fullName: 'New', staff_invite_token: token })],
      )
      expect((await metadata()).rows[0].m).toEqual({ fullName: 'New', email_verified: true })
    })

    it('never happens by signing up alone, with a stale invite, or without the token', async () => {
      expect(await isStaff(await addUser(db, 'walk.in@example.com'))).toBe(false)

      const lateToken = await invite('late@example.com')
      await db.query(
        `update public.staff_invites set created_at = now() - interval '11 minutes' where email = 'late@example.com'`,
      )
      expect(await isStaff(await addUser(db, 'late@example.com', { staff_invite_token: lateToken }))).toBe(
        false,
      )

      await invite('no.token@example.com')
      expect(await isStaff(await addUser(db, 'no.token@example.com'))).toBe(false)
      expect(
        (await db.query(`select 1 from public.staff_invites where email = 'no.token@example.com'`)).rows,
      ).toEqual([])
    })

    it('cannot be invited for an address that already has an account', async () => {
      const existing = await addUser(db, 'Already@Example.com')
      await expect(invite('already@example.com')).rejects.toMatchObject({
        code: '23505',
        message: 'A user with this email address already exists',
      })
      expect(await isStaff(existing)).toBe(false)
    })

    it("happens by the README's first-staff SQL, whatever the address's case, and it can run twice", async () => {
      const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
      const section = readme.slice(readme.indexOf('## The first staff account'))
      const sql = /`(insert into public\.staff [^`]+)`/.exec(section)?.[1]
      expect(sql).toContain(`'owner@example.com'`)
      const forAddress = (email: string) => sql!.replace(`'owner@example.com'`, `'${email}'`)
      // GoTrue keeps addresses in lower case, but one typed differently must still be found, and an
      // address kept in mixed case (an older project, an import) too.
      const owner = await addUser(db, 'first.owner@example.com')
      const mixed = await addUser(db, 'Second.Owner@Example.com')
      for (const run of [1, 2]) {
        await db.exec(forAddress('First.Owner@Example.COM'))
        await db.exec(forAddress('second.owner@example.com'))
        expect([await isStaff(owner), await isStaff(mixed)], `run ${run}`).toEqual([true, true])
      }
    })

    it('needs a valid address', async () => {
      await expect(
        withRequestRole(db, staff, (tx) => tx.query(`select public.invite_staff('not-an-email')`)),
      ).rejects.toMatchObject({ code: '22023', message: 'Please enter a valid email address' })
    })
  })
})
