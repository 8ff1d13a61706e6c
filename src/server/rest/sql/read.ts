import type { TableInfo } from '../schemaCache'
import { quoteIdent } from './ident'

/**
 * One level of a read as plan/read builds it and this module writes it: the root table or an embedded
 * resource. Every fragment that carries user input was written by this folder's helpers (values as
 * `$n` placeholders of the request's `Params`, names quoted); the plan only chose and placed them.
 */
export interface ReadNode {
  table: TableInfo
  /** The SQL alias of this level's relation; generated (`pgrst_0`, …), never user text. */
  alias: string
  /** What the FROM clause reads (`"public"."cabins"` or a CTE name). */
  from: string
  /** Rendered `expression AS "key"` items of this level's own columns. */
  fields: string[]
  /** The JSON keys this level outputs, in order (for related orders and spreads). */
  outputNames: string[]
  children: EmbedNode[]
  /** Conditions of the main query (filters, logic trees, join to the parent). */
  where: string[]
  /** The same for the count query, where null-embed filters become EXISTS. */
  countWhere: string[]
  order: string[]
  /** Placeholders, absent when there is no limit / no offset. */
  limit?: string
  offset?: string
  /** Whether a root filter tests an embed (`cabins=not.is.null`): impossible inside a mutation. */
  filtersUseEmbeds: boolean
}

export interface EmbedNode extends ReadNode {
  /** The key in the parent's JSON: the alias, else the relation as written. */
  name: string
  /** The relation as written in the select, for error messages. */
  relation: string
  toOne: boolean
  inner: boolean
  spread: boolean
  /** Selects nothing (`cabins()`): joined for filtering, absent from the output. */
  hidden: boolean
}

/** `SELECT 1 FROM … WHERE …` of an embed for EXISTS tests in the count query (PostgREST's readPlanToCountQuery). */
function countSubquery(node: ReadNode): string {
  const conditions = [...node.countWhere, ...innerExists(node)]
  return `SELECT 1 FROM ${node.from} AS ${quoteIdent(node.alias)}${conditions.length ? ' WHERE ' + conditions.join(' AND ') : ''}`
}

/** `!inner` embeds drop parent rows, so the count must test them too. */
function innerExists(node: ReadNode): string[] {
  return node.children.filter((c) => c.inner).map((c) => `EXISTS (${countSubquery(c)})`)
}

/** The test of a filter naming an embed (`cabins=not.is.null`), for the main and the count query. */
export function embedTestSql(embed: EmbedNode, wantsNull: boolean): { main: string; count: string } {
  const agg = quoteIdent(embed.alias)
  // A missing to-one row is a NULL whole-row value; a to-many embed aggregates to NULL when empty.
  const present = embed.toOne ? `${agg} IS DISTINCT FROM NULL` : `${agg}.${agg} IS NOT NULL`
  return {
    main: wantsNull ? `NOT (${present})` : present,
    count: `${wantsNull ? 'NOT ' : ''}EXISTS (${countSubquery(embed)})`,
  }
}

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
