import type { Database } from '../db/types'

/** The one schema the REST service exposes, as Supabase's `public`. */
export const EXPOSED_SCHEMA = 'public'

export interface ColumnInfo {
  name: string
  /** pg_type.typname: `int8`, `bool`, `_text` (arrays start with `_`). */
  base: string
}

export interface TableInfo {
  name: string
  columns: Map<string, ColumnInfo>
  /** In table order, for `*`. */
  columnList: ColumnInfo[]
  primaryKey: string[]
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o'

/** A foreign key seen from one side. `columns` pairs (column of `table`, column of `foreignTable`). */
export interface Relationship {
  table: string
  foreignTable: string
  constraint: string
  columns: [string, string][]
  cardinality: Cardinality
}

export interface FunctionParam {
  name: string
  /** `format_type` text, schema-qualified outside pg_catalog (e.g. `timestamp with time zone`). */
  type: string
  required: boolean
  variadic: boolean
}

export type FunctionReturn =
  | { kind: 'void' }
  | { kind: 'scalar'; setof: boolean; base: string }
  /** A row type: a table's (then embeds of that table work on the result), a composite type, or OUT/TABLE columns. */
  | { kind: 'composite'; setof: boolean; table?: string; columns: ColumnInfo[] }

export interface FunctionInfo {
  name: string
  params: FunctionParam[]
  returns: FunctionReturn
  volatility: 'volatile' | 'stable' | 'immutable'
}

export interface SchemaCache {
  tables: Map<string, TableInfo>
  /** Relationships by the name of the table they start from. */
  relationships: Map<string, Relationship[]>
  functions: Map<string, FunctionInfo[]>
  /** Increases on every reload, so caches built on top can tell they are stale. */
  generation: number
}

interface TableRow {
  name: string
  columns: { name: string; type: string; base: string }[]
  pk: string[] | null
  uniques: string[][] | null
}

interface ForeignKeyRow {
  constraint: string
  table: string
  foreign_table: string
  columns: [string, string][]
}

interface FunctionRow {
  name: string
  volatility: string
  retset: boolean
  ret_type: string
  ret_typtype: string
  ret_base: string
  ret_table: string | null
  ret_columns: { name: string; type: string; base: string }[] | null
  nargs: number
  ndefaults: number
  args: { name: string; type: string; mode: string; base: string }[] | null
}

// Each query returns its answer as JSON so PGlite and node-postgres hand back the same shapes.
const TABLES_SQL = `
select c.relname as name,
  coalesce((
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'base', t.typname) order by a.attnum)
    from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns,
  (select json_agg(a.attname order by k.ord)
    from pg_catalog.pg_constraint pk,
      unnest(pk.conkey) with ordinality as k(attnum, ord)
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where pk.conrelid = c.oid and pk.contype = 'p') as pk,
  (select json_agg((select json_agg(a.attname) from pg_catalog.pg_attribute a
      where a.attrelid = c.oid and a.attnum = any(u.conkey)))
    from pg_catalog.pg_constraint u where u.conrelid = c.oid and u.contype in ('p', 'u')) as uniques
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`

const FOREIGN_KEYS_SQL = `
select con.conname as constraint, src.relname as table, tgt.relname as foreign_table,
  (select json_agg(json_build_array(sa.attname, ta.attname) order by k.ord)
    from unnest(con.conkey, con.confkey) with ordinality as k(s, t, ord)
    join pg_catalog.pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.s
    join pg_catalog.pg_attribute ta on ta.attrelid = con.confrelid and ta.attnum = k.t) as columns
from pg_catalog.pg_constraint con
  join pg_catalog.pg_class src on src.oid = con.conrelid
  join pg_catalog.pg_namespace sn on sn.oid = src.relnamespace
  join pg_catalog.pg_class tgt on tgt.oid = con.confrelid
  join pg_catalog.pg_namespace tn on tn.oid = tgt.relnamespace
where con.contype = 'f' and sn.nspname = $1 and tn.nspname = $1`

const FUNCTIONS_SQL = `
select p.proname as name, p.provolatile as volatility, p.proretset as retset,
  format_type(p.prorettype, null) as ret_type, rt.typtype as ret_typtype, rt.typname as ret_base,
  (select rc.relname from pg_catalog.pg_class rc
    where rc.oid = rt.typrelid and rc.relnamespace = p.pronamespace and rc.relkind in ('r', 'v', 'm', 'f', 'p')) as ret_table,
  (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'base', t.typname) order by a.attnum)
    from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
    where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) as ret_columns,
  p.pronargs as nargs, p.pronargdefaults as ndefaults,
  (select json_agg(json_build_object('name', coalesce(p.proargnames[k.ord], ''), 'type', format_type(k.t, null),
      'mode', coalesce(p.proargmodes[k.ord]::text, 'i'), 'base', t.typname) order by k.ord)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as k(t, ord)
    join pg_catalog.pg_type t on t.oid = k.t) as args
from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'`

/** Reads tables, columns, foreign keys and functions of the exposed schema from pg_catalog. */
export async function loadSchemaCache(db: Database, generation = 1): Promise<SchemaCache> {
  const [tableRows, fkRows, fnRows] = await db.transaction(async (tx) => {
    // With an empty search_path format_type qualifies every type outside pg_catalog, so the type
    // names written into RPC calls mean the same whatever search_path a request runs with.
    await tx.query("select set_config('search_path', '', true)")
    return [
      await tx.query<TableRow>(TABLES_SQL, [EXPOSED_SCHEMA]),
      await tx.query<ForeignKeyRow>(FOREIGN_KEYS_SQL, [EXPOSED_SCHEMA]),
      await tx.query<FunctionRow>(FUNCTIONS_SQL, [EXPOSED_SCHEMA]),
    ] as const
  })

  const tables = new Map<string, TableInfo>()
  const uniqueKeys = new Map<string, string[][]>()
  for (const row of tableRows.rows) {
    const columnList = parseJson(row.columns).map(toColumn)
    tables.set(row.name, {
      name: row.name,
      columns: new Map(columnList.map((c) => [c.name, c])),
      columnList,
      primaryKey: parseJson(row.pk) ?? [],
    })
    uniqueKeys.set(row.name, parseJson(row.uniques) ?? [])
  }

  const relationships = new Map<string, Relationship[]>()
  const addRel = (rel: Relationship) => {
    const list = relationships.get(rel.table) ?? []
    list.push(rel)
    relationships.set(rel.table, list)
  }
  for (const fk of fkRows.rows) {
    const columns = parseJson(fk.columns)
    const fkColumns = columns.map(([own]) => own).sort()
    // A foreign key whose columns are also a unique key of its table links one row to one row.
    const oneToOne = (uniqueKeys.get(fk.table) ?? []).some(
      (key) => key.length === fkColumns.length && [...key].sort().every((c, i) => c === fkColumns[i]),
    )
    addRel({
      table: fk.table,
      foreignTable: fk.foreign_table,
      constraint: fk.constraint,
      columns,
      cardinality: oneToOne ? 'o2o' : 'm2o',
    })
    addRel({
      table: fk.foreign_table,
      foreignTable: fk.table,
      constraint: fk.constraint,
      columns: columns.map(([own, other]) => [other, own]),
      cardinality: oneToOne ? 'o2o' : 'o2m',
    })
  }

  const functions = new Map<string, FunctionInfo[]>()
  for (const row of fnRows.rows) {
    const info = toFunctionInfo(row)
    if (!info) continue
    const list = functions.get(info.name) ?? []
    list.push(info)
    functions.set(info.name, list)
  }
  return { tables, relationships, functions, generation }
}

function toFunctionInfo(row: FunctionRow): FunctionInfo | undefined {
  const args = parseJson(row.args) ?? []
  const inputs = args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
  // Functions with unnamed inputs cannot be called with named arguments (PostgREST skips them too,
  // apart from the single unnamed json parameter form, which this service does not offer).
  if (inputs.some((a) => a.name === '')) return undefined
  const firstOptional = inputs.length - Number(row.ndefaults)
  const params = inputs.map((a, i) => ({
    name: a.name,
    type: a.type,
    required: i < firstOptional,
    variadic: a.mode === 'v',
  }))
  const outputs = args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't')
  const setof = Boolean(row.retset)
  let returns: FunctionReturn
  if (row.ret_type === 'void') returns = { kind: 'void' }
  else if (row.ret_type === 'record' && outputs.length > 0) {
    returns = {
      kind: 'composite',
      setof,
      columns: outputs.map(toColumn),
    }
  } else if (row.ret_typtype === 'c') {
    returns = {
      kind: 'composite',
      setof,
      table: row.ret_table ?? undefined,
      columns: (parseJson(row.ret_columns) ?? []).map(toColumn),
    }
  } else {
    returns = { kind: 'scalar', setof, base: row.ret_base }
  }
  const volatility = row.volatility === 's' ? 'stable' : row.volatility === 'i' ? 'immutable' : 'volatile'
  return { name: row.name, params, returns, volatility }
}

function toColumn(c: { name: string; type: string; base: string }): ColumnInfo {
  return { name: c.name, base: c.base }
}

/** node-postgres parses json columns, PGlite too, but be tolerant of text. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

const caches = new WeakMap<Database, { cache: Promise<SchemaCache>; loadedAt: number; generation: number }>()

/** The schema cache of a database, loaded once and shared by all requests. */
export function getSchemaCache(db: Database): Promise<SchemaCache> {
  const entry = caches.get(db)
  if (entry) return entry.cache
  return reload(db, 1)
}

/**
 * Reloads the cache (PostgREST reloads on NOTIFY or SIGUSR1; here callers ask, e.g. after
 * migrations, and the service asks itself when a request names something it does not know).
 */
export function refreshSchemaCache(db: Database, now: () => number = Date.now): Promise<SchemaCache> {
  return reload(db, (caches.get(db)?.generation ?? 0) + 1, now)
}

/** Reload only if the cache is older than `minAgeMs`, so unknown names cannot make us reload in a loop. */
export async function refreshIfStale(
  db: Database,
  minAgeMs: number,
  now: () => number,
): Promise<SchemaCache | undefined> {
  const entry = caches.get(db)
  if (entry && now() - entry.loadedAt < minAgeMs) return undefined
  return refreshSchemaCache(db, now)
}

function reload(db: Database, generation: number, now: () => number = Date.now): Promise<SchemaCache> {
  const cache = loadSchemaCache(db, generation)
  const entry = { cache, loadedAt: now(), generation }
  caches.set(db, entry)
  // A failed load must not stick: the next request tries again.
  cache.catch(() => {
    if (caches.get(db) === entry) caches.delete(db)
  })
  return cache
}
