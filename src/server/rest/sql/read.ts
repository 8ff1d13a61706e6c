import { innerExists, type ReadNode } from '../plan/read'
import { quoteIdent } from './ident'

/**
 * The SELECT of one level, embeds as LATERAL subqueries like PostgREST's QueryBuilder: a to-one
 * embed is `row_to_json` of its lateral row (NULL when there is none), a to-many embed `json_agg`
 * of its rows, `[]` when empty. Postgres itself turns every value into JSON, so numeric is a number,
 * date "YYYY-MM-DD" and timestamptz ISO, on PGlite and PostgreSQL alike.
 */
function selectSql(node: ReadNode): string {
  const selects = [...node.fields]
  const joins: string[] = []
  for (const child of node.children) {
    const agg = quoteIdent(child.alias)
    const sub = selectSql(child)
    const join = child.inner ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL'
    if (child.toOne) {
      if (!child.hidden)
        selects.push(child.spread ? `${agg}.*` : `row_to_json(${agg}.*) AS ${quoteIdent(child.name)}`)
      joins.push(`${join} (${sub}) AS ${agg} ON TRUE`)
    } else {
      if (!child.hidden) selects.push(`COALESCE(${agg}.${agg}, '[]') AS ${quoteIdent(child.name)}`)
      joins.push(
        `${join} (SELECT json_agg(${agg}.*) AS ${agg} FROM (${sub}) AS ${agg}) AS ${agg} ON ${
          child.inner ? `${agg}.${agg} IS NOT NULL` : 'TRUE'
        }`,
      )
    }
  }
  let sql = `SELECT ${selects.join(', ')} FROM ${node.from} AS ${quoteIdent(node.alias)}`
  if (joins.length) sql += ' ' + joins.join(' ')
  if (node.where.length) sql += ' WHERE ' + node.where.join(' AND ')
  if (node.order.length) sql += ' ORDER BY ' + node.order.join(', ')
  if (node.limit !== undefined) sql += ' LIMIT ' + node.limit
  if (node.offset !== undefined) sql += ' OFFSET ' + node.offset
  return sql
}

/** `SELECT count(*)` of the root: its filters and `!inner` embeds only, no embeds to build, no range. */
export function countSql(root: ReadNode): string {
  const conditions = [...root.countWhere, ...innerExists(root)]
  return `SELECT pg_catalog.count(*) FROM ${root.from} AS ${quoteIdent(root.alias)}${
    conditions.length ? ' WHERE ' + conditions.join(' AND ') : ''
  }`
}

export interface ReadStatementOptions {
  /** CTEs the root reads from (`pgrst_source AS (INSERT …)`), without the WITH keyword. */
  sources?: string[]
  /** SQL of the total, or undefined when no count was asked for. */
  total?: string
  /**
   * The body: an array of the rows, the first row alone (singular responses, or null), the values of
   * one column (a function returning a set of scalars), or nothing (HEAD, return=minimal).
   */
  body:
    { kind: 'array' | 'object'; stripNulls: boolean } | { kind: 'column'; column: string } | { kind: 'none' }
  /** More result columns, e.g. how many rows an upsert inserted. */
  extraColumns?: string[]
}

/**
 * One statement for the whole answer: the page, how many rows it has, the body text and, when asked,
 * the total count, so a counted page costs one round trip. The body leaves Postgres as text and is
 * sent as is.
 */
export function readStatement(root: ReadNode, options: ReadStatementOptions): string {
  const ctes = [...(options.sources ?? []), `pgrst_page AS (${selectSql(root)})`]
  const body = bodySql(options.body)
  const extra = options.extraColumns?.length ? ', ' + options.extraColumns.join(', ') : ''
  return (
    `WITH ${ctes.join(', ')} SELECT ${options.total ?? 'NULL'} AS total, pg_catalog.count(*) AS page, ` +
    `${body} AS body${extra} FROM pgrst_page AS pgrst_t`
  )
}

function bodySql(body: ReadStatementOptions['body']): string {
  switch (body.kind) {
    case 'none':
      return 'NULL'
    case 'column':
      return `COALESCE(json_agg(pgrst_t.${quoteIdent(body.column)}), '[]')::text`
    case 'object':
      return `(${wrapNulls('json_agg(pgrst_t.*)->0', body.stripNulls)})::text`
    case 'array':
      return `${wrapNulls(`COALESCE(json_agg(pgrst_t.*), '[]')`, body.stripNulls)}::text`
  }
}

function wrapNulls(json: string, stripNulls: boolean): string {
  return stripNulls ? `json_strip_nulls(${json})` : json
}
