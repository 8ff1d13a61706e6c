import type { InsertPlan, UpdatePlan } from '../plan/types'
import type { TableInfo } from '../schemaCache'
import { qualifiedTable, quoteIdent } from './ident'
import type { Params } from './params'

/** Marks rows an upsert inserted (xmax is 0 for a fresh row, set for one it updated). */
export const INSERTED_FLAG = 'pgrst_inserted'

/**
 * CTEs ending in `pgrst_source`, the inserted rows. The payload stays JSON up to Postgres, where
 * json_populate_recordset converts each value to its column type exactly as PostgREST does.
 */
export function insertCtes(table: TableInfo, alias: string, plan: InsertPlan, params: Params): string[] {
  const target = qualifiedTable(table)
  const a = quoteIdent(alias)
  const returning = `RETURNING ${a}.*` + (plan.onConflict ? `, (${a}.xmax = 0) AS ${INSERTED_FLAG}` : '')
  if (plan.groups.length === 0) {
    // Nothing to insert, but the read on top still needs the table's columns.
    const flag = plan.onConflict ? `, false AS ${INSERTED_FLAG}` : ''
    return [`pgrst_source AS (SELECT ${a}.*${flag} FROM ${target} AS ${a} WHERE false)`]
  }
  const ctes = plan.groups.map((group, i) => {
    const columns = group.columns.map(quoteIdent).join(', ')
    const source = `json_populate_recordset(NULL::${target}, ${params.add(group.rowsJson)}::json)`
    let sql = `INSERT INTO ${target} AS ${a}${columns ? ` (${columns})` : ''} SELECT ${columns} FROM ${source}`
    if (plan.onConflict) {
      const conflict = plan.onConflict.columns.map(quoteIdent).join(', ')
      const sets = group.columns.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ')
      sql +=
        ` ON CONFLICT (${conflict}) ` +
        (plan.onConflict.action === 'merge' && sets ? `DO UPDATE SET ${sets}` : 'DO NOTHING')
    }
    return `pgrst_insert_${i} AS (${sql} ${returning})`
  })
  const union = plan.groups.map((_, i) => `SELECT * FROM pgrst_insert_${i}`).join(' UNION ALL ')
  return [...ctes, `pgrst_source AS (${union})`]
}

export function updateCte(
  table: TableInfo,
  alias: string,
  plan: UpdatePlan,
  where: string[],
  params: Params,
): string {
  const a = quoteIdent(alias)
  const sets = plan.columns.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ')
  const target = qualifiedTable(table)
  return (
    `pgrst_source AS (UPDATE ${target} AS ${a} SET ${sets} ` +
    `FROM (SELECT * FROM json_populate_record(NULL::${target}, ${params.add(plan.rowJson)}::json)) AS pgrst_body` +
    `${whereClause(where)} RETURNING ${a}.*)`
  )
}

export function deleteCte(table: TableInfo, alias: string, where: string[]): string {
  const a = quoteIdent(alias)
  return `pgrst_source AS (DELETE FROM ${qualifiedTable(table)} AS ${a}${whereClause(where)} RETURNING ${a}.*)`
}

/**
 * A PATCH whose body names no column changes nothing; this yields its (empty) rows for the read on
 * top. The filters stay in, so their values are still bound to their columns' types and a bad
 * one is refused as it would be by a real change.
 */
export function noChangeCte(table: TableInfo, alias: string, where: string[]): string {
  const a = quoteIdent(alias)
  return `pgrst_source AS (SELECT ${a}.* FROM ${qualifiedTable(table)} AS ${a} WHERE ${['false', ...where].join(' AND ')})`
}

function whereClause(where: string[]): string {
  return where.length ? ' WHERE ' + where.join(' AND ') : ''
}

/** A write answered without a body (return=minimal/headers-only): only counts, straight from the written rows. */
export function minimalStatement(sources: string[], withTotal: boolean, extraColumns: string[]): string {
  const extra = extraColumns.length ? ', ' + extraColumns.join(', ') : ''
  return (
    `WITH ${sources.join(', ')} SELECT ${withTotal ? 'pg_catalog.count(*)' : 'NULL'} AS total, ` +
    `pg_catalog.count(*) AS page, NULL AS body${extra} FROM pgrst_source`
  )
}

/** How many rows of an upsert were inserted rather than updated. */
export const insertedCountSql = `(SELECT pg_catalog.count(*) FROM pgrst_source WHERE ${INSERTED_FLAG}) AS inserted`

/** The primary key of the first written row as a JSON object, for `Location` (return=headers-only). */
export function locationSql(primaryKey: string[]): string {
  const columns = primaryKey.map(quoteIdent).join(', ')
  return `(SELECT row_to_json(pgrst_key.*)::text FROM (SELECT ${columns} FROM pgrst_source LIMIT 1) AS pgrst_key) AS location`
}
