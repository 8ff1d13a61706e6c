import type { Filter, JsonStep, Operation } from '../parse/types'
import type { ColumnInfo } from '../schemaCache'
import { quoteIdent } from './ident'
import type { Params } from './params'

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const IS_SQL: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
}

const TS_QUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

/**
 * Types whose parameters PGlite serializes itself (it describes the statement first and refuses,
 * in JavaScript, a string that is not a boolean). For these the value travels as text and Postgres
 * casts it, so a bad value is Postgres's 22P02 like everywhere else instead of a client exception.
 */
const CAST_VIA_TEXT: Record<string, string> = { bool: 'boolean', bytea: 'bytea' }

/** A value placeholder for a comparison against an expression of type `base` (pg_type.typname). */
export function typedParam(params: Params, value: unknown, base: string | undefined): string {
  const placeholder = params.add(value)
  if (base === undefined) return placeholder
  const element = base.startsWith('_') ? base.slice(1) : base
  const sqlType = CAST_VIA_TEXT[element]
  if (sqlType === undefined) return placeholder
  return `CAST(${placeholder}::text AS ${sqlType}${base.startsWith('_') ? '[]' : ''})`
}

/** The SQL of a column reference with an optional JSON path, and the type name of the result. */
export function fieldSql(
  alias: string,
  column: ColumnInfo,
  jsonPath: JsonStep[],
  params: Params,
): { sql: string; base: string } {
  let sql = `${quoteIdent(alias)}.${quoteIdent(column.name)}`
  if (jsonPath.length === 0) return { sql, base: column.base }
  // Only json and jsonb take arrows; other types are converted first, as PostgREST does.
  if (column.base !== 'json' && column.base !== 'jsonb') sql = `to_jsonb(${sql})`
  for (const step of jsonPath) {
    const key = step.index ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`
    sql = `${sql}${step.arrow}${key}`
  }
  const last = jsonPath[jsonPath.length - 1]
  return { sql, base: last.arrow === '->>' ? 'text' : column.base === 'json' ? 'json' : 'jsonb' }
}

/** One horizontal filter, its value bound as a parameter (contract 2.5). */
export function filterSql(filter: Filter, alias: string, column: ColumnInfo, params: Params): string {
  const { sql: lhs, base } = fieldSql(alias, column, filter.field.jsonPath, params)
  const condition = operationSql(filter.expr.operation, lhs, base, params)
  return filter.expr.negate ? `NOT (${condition})` : condition
}

function operationSql(operation: Operation, lhs: string, base: string, params: Params): string {
  switch (operation.kind) {
    case 'is':
      return `${lhs} ${IS_SQL[operation.value]}`
    case 'in':
      return `${lhs} = ANY (${typedParam(params, arrayLiteral(operation.values), arrayOf(base))})`
    case 'fts': {
      const vector = base === 'tsvector' ? lhs : `to_tsvector(${configArg(operation.config, params)}${lhs})`
      const query = `${TS_QUERY[operation.op]}(${configArg(operation.config, params)}${params.add(operation.value)})`
      return `${vector} @@ ${query}`
    }
    case 'op': {
      const sqlOp = COMPARISON[operation.op]
      const isPattern = operation.op === 'like' || operation.op === 'ilike'
      const value = isPattern ? operation.value.replaceAll('*', '%') : operation.value
      if (operation.quantifier) {
        const quantifier = operation.quantifier === 'any' ? 'ANY' : 'ALL'
        return `${lhs} ${sqlOp} ${quantifier} (${typedParam(params, value, arrayOf(base))})`
      }
      return `${lhs} ${sqlOp} ${typedParam(params, value, isPattern ? undefined : base)}`
    }
  }
}

function configArg(config: string | undefined, params: Params): string {
  return config === undefined ? '' : `${params.add(config)}::regconfig, `
}

function arrayOf(base: string): string {
  return base.startsWith('_') ? base : '_' + base
}

/**
 * `in.(a,"b,c")` as a Postgres array literal, every element double-quoted with `\` and `"` escaped,
 * so commas, braces and the word NULL inside values stay data.
 */
export function arrayLiteral(values: string[]): string {
  return (
    '{' + values.map((v) => '"' + v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') + '"').join(',') + '}'
  )
}

/** `expression AS "key"`: one item of a level's SELECT list. */
export const selectItemSql = (expression: string, key: string) => `${expression} AS ${quoteIdent(key)}`

/** `::type` of a select item; the type name was checked by the select parser. */
export const castSql = (expression: string, type: string) => `CAST(${expression} AS ${type})`

/** An embed's foreign key column against its parent's, e.g. "pgrst_1"."id" = "pgrst_0"."cabinId". */
export function joinConditionSql(alias: string, column: string, parentAlias: string, parentColumn: string) {
  return `${quoteIdent(alias)}.${quoteIdent(column)} = ${quoteIdent(parentAlias)}.${quoteIdent(parentColumn)}`
}

/** `or(…)` / `and(…)` / `not.or(…)` of rendered conditions. */
export function logicSql(op: 'and' | 'or', negate: boolean, conditions: string[]): string {
  return `${negate ? 'NOT ' : ''}(${conditions.join(op === 'and' ? ' AND ' : ' OR ')})`
}

/** One ORDER BY term. */
export function orderTermSql(
  expression: string,
  direction: 'asc' | 'desc' | undefined,
  nulls: 'first' | 'last' | undefined,
): string {
  const way = direction === 'desc' ? ' DESC' : direction === 'asc' ? ' ASC' : ''
  const nullsSql = nulls === 'first' ? ' NULLS FIRST' : nulls === 'last' ? ' NULLS LAST' : ''
  return expression + way + nullsSql
}
