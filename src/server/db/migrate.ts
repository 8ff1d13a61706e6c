import BOOTSTRAP_SQL from './bootstrap.sql?raw'
import type { Database } from './types'

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
  .sort((a, b) => a.version.localeCompare(b.version))

export { BOOTSTRAP_SQL }

// Another process may migrate the same PostgreSQL database at the same moment (desktop and web mode).
const LOCK = 'select pg_advisory_xact_lock(74231900)'

/**
 * Prepares a PGlite or PostgreSQL database the way hosted Supabase comes (bootstrap), then runs every
 * migration not yet recorded, each in its own transaction. Returns the versions it applied.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query(LOCK)
    await tx.exec(BOOTSTRAP_SQL)
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
