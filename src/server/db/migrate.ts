import { createHash } from 'node:crypto'
import BOOTSTRAP_SQL from './bootstrap.sql?raw'
import type { Database, Queryable } from './types'

export interface Migration {
  /** The timestamp prefix of the file name, e.g. '20261122000001'. */
  version: string
  /** The rest of the file name, e.g. 'tables'. */
  name: string
  sql: string
}

// Embedded at build time, so the built server (and later the asar) needs no migrations folder.
const files = import.meta.glob<string>('../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** supabase/migrations, oldest first. */
export const MIGRATIONS: readonly Migration[] = Object.entries(files)
  .map(([path, sql]) => {
    const match = /(\d+)_([^/]+)\.sql$/.exec(path)
    if (!match) throw new Error(`Migration file name must be <version>_<name>.sql: ${path}`)
    return { version: match[1], name: match[2], sql }
  })
  // Digits of one length: compared as text, without localeCompare's ICU collator (2 MB resident).
  .sort((a, b) => (a.version < b.version ? -1 : 1))

export { BOOTSTRAP_SQL }

const BOOTSTRAP_DIGEST = createHash('sha256').update(BOOTSTRAP_SQL).digest('hex')

// Another process may migrate the same PostgreSQL database at the same moment (desktop and web mode).
const LOCK = 'select pg_advisory_xact_lock(74231900)'

/**
 * Prepares a PGlite or PostgreSQL database the way hosted Supabase comes (bootstrap, unless this very
 * bootstrap ran already), then runs every migration not yet recorded, each in its own transaction.
 * Returns the versions it applied.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query(LOCK)
    if ((await bootstrapDigest(tx)) === BOOTSTRAP_DIGEST) return
    await tx.exec(BOOTSTRAP_SQL)
    await tx.query(
      `insert into innkeeper_meta.bootstrap (digest) values ($1)
       on conflict (singleton) do update set digest = excluded.digest`,
      [BOOTSTRAP_DIGEST],
    )
  })
  const { rows } = await db.query<{ version: string }>('select version from innkeeper_meta.schema_migrations')
  const done = new Set(rows.map((row) => row.version))
  const applied: string[] = []
  for (const migration of migrations.filter((m) => !done.has(m.version))) {
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK)
      // Checked again under the lock: another process may have applied it meanwhile.
      const { rows } = await tx.query('select 1 from innkeeper_meta.schema_migrations where version = $1', [
        migration.version,
      ])
      if (rows.length > 0) return false
      await tx.exec(migration.sql)
      await tx.query('insert into innkeeper_meta.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (ran) applied.push(migration.version)
  }
  return applied
}

/** The digest of the bootstrap last run on this database, or undefined before the first. */
async function bootstrapDigest(tx: Queryable): Promise<string | undefined> {
  const { rows: present } = await tx.query<{ present: boolean }>(
    `select to_regclass('innkeeper_meta.bootstrap') is not null as present`,
  )
  if (!present[0]?.present) return undefined
  const { rows } = await tx.query<{ digest: string }>('select digest from innkeeper_meta.bootstrap')
  return rows[0]?.digest
}
