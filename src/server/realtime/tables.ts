import type { Database } from '../db/types'

/** What the feed needs to know of a table whose changes are published (it has the realtime trigger). */
export interface PublishedTable {
  name: string
  /** Columns in table order: name → PostgreSQL type name (`int8`, `text`, `_text`, …). */
  columnTypes: Map<string, string>
  primaryKey: string[]
  rowSecurity: boolean
  /** The columns each API role may select (contract §6.2: others are left out of events). */
  selectable: Record<string, Set<string>>
  /** SELECT policies: who they apply to, permissive or not, and their USING expression. */
  policies: { roles: string[]; permissive: boolean; using: string }[]
}

/** Set by the migration …_realtime.sql on every table whose changes are sent. */
export const REALTIME_TRIGGER = 'realtime_changes'
/** A table unknown to the last load is looked up again at most this often. */
const RELOAD_AFTER_MS = 1000

/**
 * The published tables of schema public, read from the catalog once and again when a table is asked
 * for that the last read did not know (at most once a second), or when a change shows other columns.
 */
export class PublishedTables {
  #tables: Promise<Map<string, PublishedTable>> | undefined
  #loadedAt = 0

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async get(name: string): Promise<PublishedTable | undefined> {
    const table = (await this.#load()).get(name)
    if (table || this.now() - this.#loadedAt < RELOAD_AFTER_MS) return table
    this.invalidate()
    return (await this.#load()).get(name)
  }

  /** The next get reads the catalog again (a column was added or dropped). */
  invalidate(): void {
    this.#tables = undefined
  }

  #load(): Promise<Map<string, PublishedTable>> {
    if (!this.#tables) {
      this.#loadedAt = this.now()
      const loading = loadPublishedTables(this.db)
      // A failed read is retried by the next call rather than remembered.
      loading.catch(() => {
        if (this.#tables === loading) this.#tables = undefined
      })
      this.#tables = loading
    }
    return this.#tables
  }
}

async function loadPublishedTables(db: Database): Promise<Map<string, PublishedTable>> {
  const { rows: columns } = await db.query<{
    table: string
    column: string
    type: string
    key: boolean
    rls: boolean
    anon: boolean
    authenticated: boolean
  }>(
    `select c.relname as "table", a.attname as "column", t.typname as "type", c.relrowsecurity as rls,
            coalesce(a.attnum = any(i.indkey), false) as "key",
            has_column_privilege('anon', c.oid, a.attnum, 'SELECT') as anon,
            has_column_privilege('authenticated', c.oid, a.attnum, 'SELECT') as authenticated
       from pg_trigger tg
       join pg_class c on c.oid = tg.tgrelid
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where tg.tgname = $1 and c.relnamespace = 'public'::regnamespace
      order by c.relname, a.attnum`,
    [REALTIME_TRIGGER],
  )
  const { rows: policies } = await db.query<{
    table: string
    roles: string[]
    permissive: string
    using: string | null
  }>(
    `select tablename as "table", roles::text[] as roles, permissive, qual as using
       from pg_policies
      where schemaname = 'public' and cmd in ('SELECT', 'ALL')`,
  )
  const tables = new Map<string, PublishedTable>()
  for (const row of columns) {
    let table = tables.get(row.table)
    if (!table) {
      table = {
        name: row.table,
        columnTypes: new Map(),
        primaryKey: [],
        rowSecurity: row.rls,
        selectable: { anon: new Set(), authenticated: new Set(), service_role: new Set() },
        policies: policies
          .filter((policy) => policy.table === row.table)
          .map((policy) => ({
            roles: policy.roles,
            permissive: policy.permissive === 'PERMISSIVE',
            using: policy.using ?? 'true',
          })),
      }
      tables.set(row.table, table)
    }
    table.columnTypes.set(row.column, row.type)
    if (row.key) table.primaryKey.push(row.column)
    if (row.anon) table.selectable.anon.add(row.column)
    if (row.authenticated) table.selectable.authenticated.add(row.column)
    table.selectable.service_role.add(row.column)
  }
  return tables
}
