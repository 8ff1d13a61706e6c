import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, MIGRATIONS } from './migrate'
import { openDatabase } from './open'
import {
  createTestDatabase,
  preparePgliteDataDir,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database } from './types'

describe('the migrations', () => {
  it('are the files of supabase/migrations, in order, named by what they do', () => {
    expect(MIGRATIONS.map((m) => m.name)).toEqual([
      'tables',
      'booking_rules',
      'staff_and_rls',
      'storage_buckets',
      'dashboard_functions',
      'indexes',
      'performance_list_indexes',
      'sort_indexes_carry_status',
      'booking_counts',
      'staff_invites_bound_to_signup',
      'staff_rights_end_with_ban_or_deletion',
      'is_staff_not_for_anon',
      'booking_counts_read_only',
      'amounts_are_finite',
      'booking_history_rules',
      'dashboard_exact_occupancy',
      'business_name',
      'today_activity_keeps_the_day',
      'reservations_desk',
      'calendar',
      'roles_and_activity',
      'activity_reads',
      'calendar_and_audit_speed',
      'realtime',
      'calendar_window_compact',
      'calendar_window_one_pass',
      'invited_staff_logged_by_inviter',
      'calendar_window_fewer_bytes',
    ])
    const versions = MIGRATIONS.map((m) => m.version)
    expect([...versions].sort()).toEqual(versions)
    // A version is what a database records as done: two files with one version, and one never runs.
    expect(new Set(versions).size).toBe(versions.length)
  })
})

describe('openDatabase with a PGlite data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-db-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('creates, migrates and reopens the database, keeping its rows', async () => {
    let started = performance.now()
    const first = await openDatabase({ dataDir })
    const created = performance.now() - started
    await first.query(`insert into public.guests ("fullName") values ('Kept')`)
    await first.close()

    started = performance.now()
    const again = await openDatabase({ dataDir })
    const reopened = performance.now() - started
    try {
      expect((await again.query('select "fullName" from public.guests')).rows).toEqual([{ fullName: 'Kept' }])
      // PGlite has no autovacuum: opening analyses the tables so the planner knows their sizes.
      const { rows } = await again.query(
        `select reltuples from pg_class where oid = 'public.guests'::regclass`,
      )
      expect(rows).toEqual([{ reltuples: 1 }])
    } finally {
      await again.close()
    }
    console.log(
      `pglite: new data folder (initdb + migrations) ${Math.round(created)} ms, reopen ${Math.round(reopened)} ms`,
    )
  }, 120_000) // initdb writes a whole cluster to disk; slow on a busy CI machine
})

describe('preparePgliteDataDir', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-db-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('gives a server a migrated database to open', async () => {
    await preparePgliteDataDir(dataDir)
    const started = performance.now()
    const db = await openDatabase({ dataDir })
    const opened = performance.now() - started
    try {
      expect(await migrate(db)).toEqual([])
      expect((await db.query('select count(*) as n from innkeeper_meta.schema_migrations')).rows).toEqual([
        { n: MIGRATIONS.length },
      ])
    } finally {
      await db.close()
    }
    console.log(`pglite: open a prepared data folder ${Math.round(opened)} ms`)
  })
})

describe.each(testDatabaseKinds())('database on %s', (kind) => {
  let handle: TestDatabase
  let db: Database

  beforeAll(async () => {
    const started = performance.now()
    handle = await createTestDatabase(kind)
    db = handle.db
    console.log(`${kind}: test database ready (migrated) in ${Math.round(performance.now() - started)} ms`)
  })
  afterAll(() => handle.drop())

  it('records every migration once, and running again changes nothing', async () => {
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query(
      'select version, name from innkeeper_meta.schema_migrations order by version',
    )
    expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })))
  })

  it('runs the bootstrap again only when it changed', async () => {
    // storage.filename comes from the bootstrap: gone, it stays gone while the bootstrap is the same…
    await db.exec('drop function storage.filename(text)')
    await migrate(db)
    const filenameExists = async () =>
      (await db.query(`select to_regprocedure('storage.filename(text)') is not null as present`)).rows
    expect(await filenameExists()).toEqual([{ present: false }])
    // …and comes back with a bootstrap this database has not run.
    await db.exec(`update innkeeper_meta.bootstrap set digest = 'an older bootstrap'`)
    await migrate(db)
    expect(await filenameExists()).toEqual([{ present: true }])
  })

  it('lets two starts migrate the same database at once', async () => {
    const probe = {
      version: '99990101000000',
      name: 'probe',
      sql: 'create table public.migration_probe (id int)',
    }
    const runs = await Promise.all([migrate(db, [...MIGRATIONS, probe]), migrate(db, [...MIGRATIONS, probe])])
    expect(runs.flat()).toEqual([probe.version])
    await db.exec(
      `drop table public.migration_probe; delete from innkeeper_meta.schema_migrations where version = '${probe.version}'`,
    )
  })

  it('has the API roles of Supabase', async () => {
    const { rows } = await db.query(
      `select rolname, rolcanlogin, rolbypassrls from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    )
    expect(rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false },
      { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true },
    ])
  })

  it('returns dates as strings, money and ids as numbers, and counts changed rows', async () => {
    const { rows } = await db.query(
      `select '2026-03-01'::date as day, 12.50::numeric as money, 9007199254740::bigint as big,
              '2026-03-01T10:00:00Z'::timestamptz as at, '{"a":1}'::json as doc,
              to_json('2026-03-01T10:00:00Z'::timestamptz) as json_at`,
    )
    expect(rows).toEqual([
      {
        day: '2026-03-01',
        money: 12.5,
        big: 9007199254740,
        at: new Date('2026-03-01T10:00:00Z'),
        doc: { a: 1 },
        json_at: '2026-03-01T10:00:00+00:00',
      },
    ])
    await db.query(`insert into public.guests ("fullName") values ('A'), ('B')`)
    expect(
      (await db.query(`update public.guests set email = 'x@example.com' where "fullName" in ('A', 'B')`))
        .affectedRows,
    ).toBe(2)
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction((tx) => tx.query(`insert into public.guests ("fullName") values ('Committed')`))
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into public.guests ("fullName") values ('Rolled back')`)
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    const { rows } = await db.query(
      `select "fullName" from public.guests where "fullName" in ('Committed', 'Rolled back')`,
    )
    expect(rows).toEqual([{ fullName: 'Committed' }])
  })

  it.runIf(kind === 'postgres')('opens a PostgreSQL server through openDatabase', async () => {
    const viaUrl = await openDatabase({ dataDir: '/nonexistent', databaseUrl: handle.url })
    try {
      expect(viaUrl.kind).toBe('postgres')
      expect((await viaUrl.query('select count(*) as n from innkeeper_meta.schema_migrations')).rows).toEqual(
        [{ n: MIGRATIONS.length }],
      )
    } finally {
      await viaUrl.close()
    }
  })
})
