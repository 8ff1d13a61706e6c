import type { FunctionInfo } from '../schemaCache'
import { qualified, quoteIdent } from './ident'
import type { Params } from './params'

/**
 * `pgrst_source AS (…)`: the function called with named arguments. The arguments travel as one JSON
 * object and json_to_record converts each to its parameter's type (the type names come from
 * pg_catalog, never from the request), so JSON numbers, strings, arrays and objects all work, and
 * GET's string values are read by the types' input functions. Omitted optional parameters keep
 * their defaults.
 */
export function callCte(fn: FunctionInfo, args: Record<string, unknown>, params: Params): string {
  const given = fn.params.filter((p) => Object.hasOwn(args, p.name))
  const call = `${qualified('public', fn.name)}(${given
    .map((p) => `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := pgrst_args.${quoteIdent(p.name)}`)
    .join(', ')})`
  const from = given.length
    ? `json_to_record(${params.add(JSON.stringify(args))}::json) AS pgrst_args(${given
        .map((p) => `${quoteIdent(p.name)} ${p.type}`)
        .join(', ')}), LATERAL `
    : ''
  const returns = fn.returns
  if (returns.kind === 'scalar') {
    const column = quoteIdent(fn.name)
    if (returns.setof)
      return `pgrst_source AS (SELECT pgrst_call.${column} FROM ${from}${call} AS pgrst_call(${column}))`
    return `pgrst_source AS (SELECT pgrst_call.${column} FROM ${from}(SELECT ${call} AS ${column}) AS pgrst_call)`
  }
  if (returns.kind === 'void') return `pgrst_source AS (SELECT 1 FROM ${from}${call} AS pgrst_call)`
  return `pgrst_source AS (SELECT pgrst_call.* FROM ${from}${call} AS pgrst_call)`
}

/** The answer of a function returning one scalar (its value as JSON text) or nothing (void: NULL). */
export function singleValueStatement(fn: FunctionInfo, source: string): string {
  const value =
    fn.returns.kind === 'void'
      ? 'NULL'
      : `COALESCE(to_json(pgrst_source.${quoteIdent(fn.name)})::text, 'null')`
  return `WITH ${source} SELECT NULL AS total, pg_catalog.count(*) AS page, max(${value}) AS body FROM pgrst_source`
}
