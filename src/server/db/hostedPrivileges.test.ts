import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database } from './types'

const API_ROLES = ['anon', 'authenticated', 'service_role']

/**
 * What hosted Supabase set up before any project migration until 2026 (and what older projects keep):
 * every table, function and sequence the migrations create in public is granted to the API roles by
 * default privileges. Whatever the migrations do not take back explicitly, those roles hold.
 */
async function grantAsSupabaseDoes(db: Database): Promise<void> {
  await db.exec(`
    alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
    alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  `)
}

describe.each(testDatabaseKinds())('privileges as on hosted Supabase, on %s', (kind) => {
  let handle: TestDatabase
  let db: Database

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { beforeMigrations: grantAsSupabaseDoes })
    db = handle.db
  })
  afterAll(() => handle?.drop())

  // Supabase's advisor flags these (security definer functions anon can execute).
  it('lets anon execute no security definer function', async () => {
    const { rows } = await db.query(
      `select p.proname from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prosecdef
          and has_function_privilege('anon', p.oid, 'execute')
        order by 1`,
    )
    expect(rows).toEqual([])
    const { rows: staffCheck } = await db.query(
      `select has_function_privilege('authenticated', 'public.is_staff()', 'execute') as allowed`,
    )
    expect(staffCheck, 'the policies for signed-in callers call is_staff').toEqual([{ allowed: true }])
  })

  it('lets the API roles only read booking_counts, which its triggers alone write', async () => {
    const { rows } = await db.query<{ role: string; privilege: string; held: boolean }>(
      `select role, privilege, has_table_privilege(role, 'public.booking_counts', privilege) as held
         from unnest($1::text[]) as role
        cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'])
              as privilege`,
      [API_ROLES],
    )
    const held = rows.filter((row) => row.held).map((row) => `${row.role} ${row.privilege}`)
    expect(held).toEqual(API_ROLES.map((role) => `${role} SELECT`))
  })

  it('lets signed-in callers and the service role only read the activity log, which its triggers alone write', async () => {
    const { rows } = await db.query<{ role: string; privilege: string; held: boolean }>(
      `select role, privilege,
              case privilege
                when 'USAGE' then has_sequence_privilege(role, 'public.activity_log_id_seq', 'USAGE')
                else has_table_privilege(role, 'public.activity_log', privilege)
              end as held
         from unnest($1::text[]) as role
        cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'USAGE'])
              as privilege`,
      [API_ROLES],
    )
    const held = rows.filter((row) => row.held).map((row) => `${row.role} ${row.privilege}`)
    expect(held).toEqual(['authenticated SELECT', 'service_role SELECT'])
  })
})
