import { ambiguousRpc, noRpc } from '../errors'
import { closestMatch } from '../fuzzy'
import { EXPOSED_SCHEMA, type FunctionInfo, type SchemaCache, type TableInfo } from '../schemaCache'

/**
 * The overload of `name` that takes exactly these argument names: every required parameter given,
 * the others optional (PostgREST's findProc). None → 404 PGRST202, several → 300 PGRST203.
 */
export function findFunction(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  isPost: boolean,
): FunctionInfo {
  const overloads = cache.functions.get(name) ?? []
  const given = new Set(argNames)
  const matches = overloads.filter((fn) => {
    const known = new Set(fn.params.map((p) => p.name))
    return [...given].every((a) => known.has(a)) && fn.params.every((p) => !p.required || given.has(p.name))
  })
  if (matches.length === 1) return matches[0]
  if (matches.length === 0) {
    const suggestion =
      overloads.length > 0
        ? `${name}(${[...overloads[0].params.map((p) => p.name)].sort().join(', ')})`
        : closestMatch(cache.functions.keys(), name)
    throw noRpc(EXPOSED_SCHEMA, name, argNames, isPost, suggestion)
  }
  throw ambiguousRpc(
    matches.map(
      (fn) => `${EXPOSED_SCHEMA}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
    ),
  )
}

/**
 * The rows a set-returning or composite function yields, seen as a table so select, filters, order
 * and embeds apply: a table's row type keeps that table (and its relationships), other row types
 * and scalars get a stand-in named after the function (a scalar's one column too).
 */
export function resultTable(cache: SchemaCache, fn: FunctionInfo): TableInfo | undefined {
  const returns = fn.returns
  if (returns.kind === 'void') return undefined
  if (returns.kind === 'composite') {
    const table = returns.table === undefined ? undefined : cache.tables.get(returns.table)
    if (table) return table
    return {
      name: fn.name,
      columns: new Map(returns.columns.map((c) => [c.name, c])),
      columnList: returns.columns,
      primaryKey: [],
    }
  }
  const column = { name: fn.name, base: returns.base }
  return {
    name: fn.name,
    columns: new Map([[fn.name, column]]),
    columnList: [column],
    primaryKey: [],
  }
}
