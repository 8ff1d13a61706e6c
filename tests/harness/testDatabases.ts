import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { BOOTSTRAP_SQL, MIGRATIONS, migrate } from '../../src/server/db/migrate'
import { pgliteDir } from '../../src/server/db/clusterFolder'
import { openPglite } from '../../src/server/db/pglite'
import { openPostgres } from '../../src/server/db/postgres'
import { createMigratedCluster } from '../../src/server/db/template'
import type { Database } from '../../src/server/db/types'

/**
 * Test support: the databases a suite runs against. PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL (a superuser URL) is set. In CI a missing URL is an error, so the PostgreSQL half
 * can never be skipped there without anyone noticing.
 */
export type TestDatabaseKind = Database['kind']

export function testDatabaseKinds(): TestDatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres']
  if (process.env.CI) {
    throw new Error(
      'TEST_DATABASE_URL must point to a PostgreSQL superuser in CI (the PostgreSQL tests may not be skipped)',
    )
  }
  return ['pglite']
}

export interface TestDatabase {
  db: Database
  /** PostgreSQL: the URL of the fresh database, for code under test that opens its own connections. */
  url?: string
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>
}

export interface TestDatabaseOptions {
  /**
   * Runs between the bootstrap and the migrations, to give the database what a hosted project has
   * beforehand (on PGlite this skips the migrated template: the database is made from scratch).
   */
  beforeMigrations?: (db: Database) => Promise<void>
}

/** A new, empty database (in-memory PGlite, or a fresh database on the PostgreSQL server), migrated. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  { beforeMigrations }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const migrateAll = async (db: Database) => {
    if (beforeMigrations) {
      await migrate(db, [])
      await beforeMigrations(db)
    }
    await migrate(db)
  }
  if (kind === 'pglite') {
    if (!beforeMigrations) {
      const db = await openPglite({ loadDataDir: await migratedTemplate() })
      return { db, drop: () => db.close() }
    }
    const db = await openPglite()
    try {
      await migrateAll(db)
    } catch (error) {
      await db.close()
      throw error
    }
    return { db, drop: () => db.close() }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `innkeeper_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const db = openPostgres(url.toString())
  try {
    await migrateAll(db)
  } catch (error) {
    await db.close()
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
    throw error
  }
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close()
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
    },
  }
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * Writes a migrated PGlite cluster into <dataDir>/pglite, so a server started on that data folder opens
 * it instead of running initdb and every migration (seconds, on a busy machine tens of seconds).
 */
export async function preparePgliteDataDir(dataDir: string): Promise<void> {
  const db = await openPglite({ dataDir: pgliteDir(dataDir), loadDataDir: await migratedTemplate() })
  await db.close()
}

/**
 * A migrated cluster as a tarball, cached in the temp folder under a hash of the SQL and the PGlite
 * version: loading it is a fraction of initdb plus migrations, and every test file needs one.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256').update(pgliteVersion()).update(BOOTSTRAP_SQL)
  for (const migration of MIGRATIONS) hash.update(migration.version).update(migration.sql)
  const file = join(tmpdir(), `innkeeper-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
  const cached = await readFile(file).catch(() => undefined)
  if (cached) return new Blob([cached])

  const tarball = new Uint8Array(await (await createMigratedCluster()).arrayBuffer())
  // Test files may build it in parallel: each writes its own file and renames it into place whole.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
  await writeFile(partial, tarball)
  await rename(partial, file)
  return new Blob([tarball])
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const packageJson = join(dirname(entry), '..', 'package.json')
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version
}
