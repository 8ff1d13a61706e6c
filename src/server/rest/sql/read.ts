import type { Condition, EmbedPlan, PlannedField, ReadPlan } from '../plan/types'
import {
  castSql,
  fieldSql,
  filterSql,
  joinConditionSql,
  logicSql,
  orderTermSql,
  selectItemSql,
} from './filter'
import { qualifiedTable, quoteIdent } from './ident'
import type { Params } from './params'

/** A level's conditions as SQL: for the page, and for the count query, where embed tests become EXISTS. */
interface LevelWhere {
  main: string[]
  count: string[]
}

/**
 * The state of writing one statement: the parameters, and each level's conditions once written,
 * so the count query reuses the page's text and a value is one parameter however often it is tested.
 */
interface Writer {
  params: Params
  where: Map<ReadPlan, LevelWhere>
}

/** What a level's FROM reads. */
function fromSql(node: ReadPlan): string {
  return node.fromSource ? 'pgrst_source' : qualifiedTable(node.table)
}

/** The join to the parent (embeds) and the conditions of `node`, written on first use. */
function levelWhere(node: ReadPlan, w: Writer): LevelWhere {
  const written = w.where.get(node)
  if (written) return written
  const main: string[] = []
  const count: string[] = []
  if ('join' in node) {
    const embed = node as EmbedPlan
    for (const [column, parentColumn] of embed.join) {
      const sql = joinConditionSql(embed.alias, column, embed.parentAlias, parentColumn)
      main.push(sql)
      count.push(sql)
    }
  }
  for (const condition of node.conditions) {
    const sql = conditionSql(node, condition, w)
    main.push(sql.main)
    count.push(sql.count)
  }
  const where = { main, count }
  w.where.set(node, where)
  return where
}

function conditionSql(node: ReadPlan, condition: Condition, w: Writer): { main: string; count: string } {
  switch (condition.kind) {
    case 'filter': {
      const sql = filterSql(condition.filter, node.alias, condition.column, w.params)
      return { main: sql, count: sql }
    }
    case 'embed':
      return embedTestSql(condition.embed, condition.wantsNull, w)
    case 'logic': {
      const parts = condition.children.map((child) => conditionSql(node, child, w))
      return {
        main: logicSql(
          condition.op,
          condition.negate,
          parts.map((p) => p.main),
        ),
        count: logicSql(
          condition.op,
          condition.negate,
          parts.map((p) => p.count),
        ),
      }
    }
  }
}

/** `SELECT 1 FROM … WHERE …` of an embed for EXISTS tests in the count query (PostgREST's readPlanToCountQuery). */
function countSubquery(node: ReadPlan, w: Writer): string {
  const conditions = [...levelWhere(node, w).count, ...innerExists(node, w)]
  return `SELECT 1 FROM ${fromSql(node)} AS ${quoteIdent(node.alias)}${conditions.length ? ' WHERE ' + conditions.join(' AND ') : ''}`
}

/** `!inner` embeds drop parent rows, so the count must test them too. */
function innerExists(node: ReadPlan, w: Writer): string[] {
  return node.children.filter((c) => c.inner).map((c) => `EXISTS (${countSubquery(c, w)})`)
}

/** The test of a filter naming an embed (`cabins=not.is.null`), for the main and the count query. */
function embedTestSql(embed: EmbedPlan, wantsNull: boolean, w: Writer): { main: string; count: string } {
  const agg = quoteIdent(embed.alias)
  // A missing to-one row is a NULL whole-row value; a to-many embed aggregates to NULL when empty.
  const present = embed.toOne ? `${agg} IS DISTINCT FROM NULL` : `${agg}.${agg} IS NOT NULL`
  return {
    main: wantsNull ? `NOT (${present})` : present,
    count: `${wantsNull ? 'NOT ' : ''}EXISTS (${countSubquery(embed, w)})`,
  }
}

/**
 * A write's WHERE: the conditions planned on its root (never embed tests, which a write refuses),
 * written before the read on top of the write.
 */
export function writeWhereSql(root: ReadPlan, conditions: Condition[], params: Params): string[] {
  const w: Writer = { params, where: new Map() }
  return conditions.map((condition) => conditionSql(root, condition, w).main)
}

/** One select item of a level's own columns. */
function fieldItemSql(node: ReadPlan, field: PlannedField, params: Params): string {
  const { sql } = fieldSql(node.alias, field.column, field.jsonPath, params)
  return selectItemSql(field.cast ? castSql(sql, field.cast) : sql, field.name)
}

/**
 * The SELECT of one level, embeds as LATERAL subqueries like PostgREST's QueryBuilder: a to-one
 * embed is `row_to_json` of its lateral row (NULL when there is none), a to-many embed `json_agg`
 * of its rows, `[]` when empty. Postgres itself turns every value into JSON, so numeric is a number,
 * date "YYYY-MM-DD" and timestamptz ISO, on PGlite and PostgreSQL alike.
 */
function selectSql(node: ReadPlan, w: Writer): string {
  const selects = node.fields.map((field) => fieldItemSql(node, field, w.params))
  const joins: string[] = []
  for (const child of node.children) {
    const agg = quoteIdent(child.alias)
    const sub = selectSql(child, w)
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
  let sql = `SELECT ${selects.join(', ')} FROM ${fromSql(node)} AS ${quoteIdent(node.alias)}`
  if (joins.length) sql += ' ' + joins.join(' ')
  const where = levelWhere(node, w).main
  if (where.length) sql += ' WHERE ' + where.join(' AND ')
  if (node.order.length) {
    const terms = node.order.map((term) =>
      orderTermSql(
        fieldSql(term.alias, term.column, term.jsonPath, w.params).sql,
        term.direction,
        term.nulls,
      ),
    )
    sql += ' ORDER BY ' + terms.join(', ')
  }
  if (node.limit !== undefined) sql += ' LIMIT ' + w.params.add(node.limit)
  if (node.offset !== undefined) sql += ' OFFSET ' + w.params.add(node.offset)
  return sql
}

/**
 * `SELECT count(*)` of the root: its filters and `!inner` embeds only, no embeds to build, no range.
 * Written after the page, whose conditions it reuses.
 */
function countSql(root: ReadPlan, w: Writer): string {
  const conditions = [...levelWhere(root, w).count, ...innerExists(root, w)]
  return `SELECT pg_catalog.count(*) FROM ${fromSql(root)} AS ${quoteIdent(root.alias)}${
    conditions.length ? ' WHERE ' + conditions.join(' AND ') : ''
  }`
}

export interface ReadStatementOptions {
  /** CTEs the root reads from (`pgrst_source AS (INSERT …)`), without the WITH keyword. */
  sources?: string[]
  /**
   * The total, when a count was asked for: the rows the root's filters match (a read), or every
   * row the write or call produced (`pgrst_source`).
   */
  total?: 'matching' | 'written'
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
export function readStatement(root: ReadPlan, params: Params, options: ReadStatementOptions): string {
  const w: Writer = { params, where: new Map() }
  const ctes = [...(options.sources ?? []), `pgrst_page AS (${selectSql(root, w)})`]
  const total =
    options.total === 'matching'
      ? `(${countSql(root, w)})`
      : options.total === 'written'
        ? '(SELECT pg_catalog.count(*) FROM pgrst_source)'
        : 'NULL'
  const body = bodySql(options.body)
  const extra = options.extraColumns?.length ? ', ' + options.extraColumns.join(', ') : ''
  return (
    `WITH ${ctes.join(', ')} SELECT ${total} AS total, pg_catalog.count(*) AS page, ` +
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
