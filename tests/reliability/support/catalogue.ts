import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../../../src/server/db/types'

/**
 * What the walks cover is read from pg_catalog, never listed by hand: a table, function or bucket
 * added by a later migration is walked without anyone touching these tests.
 */
export interface CatalogueColumn {
  name: string
  /** pg_type.typname: int8, text, date, uuid, bool, numeric, timestamptz, … */
  base: string
  /** Identity or generated: the database fills it, a client may not. */
  generated: boolean
}

export interface CatalogueTable {
  name: string
  columns: CatalogueColumn[]
  primaryKey: string[]
}

export interface CatalogueArgument {
  name: string
  base: string
}

export interface CatalogueFunction {
  name: string
  args: CatalogueArgument[]
  volatile: boolean
}

export async function publicTables(db: Database): Promise<CatalogueTable[]> {
  const { rows } = await db.query<{ name: string; columns: unknown; pk: unknown }>(
    `select c.relname as name,
       (select json_agg(json_build_object('name', a.attname, 'base', t.typname,
          'generated', a.attidentity <> '' or a.attgenerated <> '') order by a.attnum)
        from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       (select json_agg(a.attname) from pg_constraint pk
          join pg_attribute a on a.attrelid = c.oid and a.attnum = any(pk.conkey)
        where pk.conrelid = c.oid and pk.contype = 'p') as pk
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
     order by c.relname`,
  )
  return rows.map((row) => ({
    name: row.name,
    columns: parse<CatalogueColumn[]>(row.columns) ?? [],
    primaryKey: parse<string[]>(row.pk) ?? [],
  }))
}

/** Functions PostgREST can call: not trigger functions, not procedures. */
export async function publicFunctions(db: Database): Promise<CatalogueFunction[]> {
  const { rows } = await db.query<{ name: string; args: unknown; volatile: boolean }>(
    `select p.proname as name, p.provolatile = 'v' as volatile,
       (select json_agg(json_build_object('name', p.proargnames[k.ord], 'base', t.typname) order by k.ord)
        from unnest(p.proargtypes::oid[]) with ordinality as k(oid, ord)
        join pg_type t on t.oid = k.oid) as args
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
     order by p.proname`,
  )
  return rows.map((row) => ({ name: row.name, volatile: row.volatile, args: parse(row.args) ?? [] }))
}

export async function bucketIds(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from storage.buckets order by id')
  return rows.map((row) => row.id)
}

export interface TableState {
  rows: number
  checksum: string
}

/**
 * Row count and a digest of every row of every table in the given schemas, in a stable order, so two
 * snapshots are equal exactly when nothing was inserted, changed or deleted.
 */
export async function snapshotTables(db: Database, schemas: string[]): Promise<Map<string, TableState>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1::text[]) and c.relkind in ('r', 'p') order by 1`,
    [schemas],
  )
  const states = new Map<string, TableState>()
  for (const { name } of tables) {
    // Table names come from pg_catalog and are quoted by format('%I'): nothing here is client input.
    const { rows } = await db.query<{ rows: number | string; checksum: string | null }>(
      `select count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum
       from ${name} t`,
    )
    states.set(name, { rows: Number(rows[0].rows), checksum: rows[0].checksum ?? '' })
  }
  return states
}

/** The tables whose snapshot differs, with both states, for a readable failure. */
export function changedTables(
  before: Map<string, TableState>,
  after: Map<string, TableState>,
  ignore: string[] = [],
): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  return [...names]
    .filter((name) => !ignore.includes(name))
    .filter((name) => JSON.stringify(before.get(name)) !== JSON.stringify(after.get(name)))
    .map((name) => `${name}: ${JSON.stringify(before.get(name))} → ${JSON.stringify(after.get(name))}`)
}

/** A digest of every stored file (path and bytes) under a folder; '' when it does not exist. */
export async function digestFolder(folder: string): Promise<string> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update(await readFile(file))
  return hash.digest('hex')
}

function parse<T>(value: unknown): T | undefined {
  if (value === null || value === undefined) return undefined
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}
