import type { ApiResponse } from '../http/types'
import { rowCounts, wantsCount, type RestRequest, type StatementRow } from './context'
import { invalidBody, singularityError } from './errors'
import { parseQuery } from './parse/query'
import { parseJsonBody } from './plan/mutate'
import { planRead, rootOffset } from './plan/read'
import { resultTable } from './plan/rpc'
import { preferenceApplied, readStatus, success } from './respond'
import type { FunctionInfo } from './schemaCache'
import { RecentStatements } from './recentStatements'
import { Params } from './sql/params'
import { readStatement } from './sql/read'
import { callCte, singleValueStatement } from './sql/rpc'

/** The arguments of a call: the JSON object of a POST (empty body = `{}`), or the plain query keys of a GET. */
export function callArguments(r: RestRequest): Record<string, unknown> {
  if (r.req.method === 'POST') {
    if (r.req.body.toString('utf8').trim() === '') return {}
    const payload = parseJsonBody(r.req.body)
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw invalidBody('Empty or invalid json')
    }
    return payload as Record<string, unknown>
  }
  return Object.fromEntries(parseQuery(r.req.rawQuery, 'rpc-read').rpcArgs)
}

interface PreparedCall {
  sql: string
  /** Bind values; the call's arguments (JSON) go at `argumentsAt`, when the call has any. */
  values: unknown[]
  argumentsAt: number | undefined
  offset: number
  counted: boolean
}

/**
 * Built statements of recent calls, as for table reads: the dashboard or today's activity asked again
 * with other dates skips planning; the arguments are one bind value, so the SQL text is the same.
 */
const recentCalls = new RecentStatements<PreparedCall>(500)

function prepareCall(r: RestRequest, fn: FunctionInfo, args: Record<string, unknown>): PreparedCall {
  const { req } = r
  const shape = [
    r.cache.generation,
    req.method,
    fn.name,
    fn.params
      .filter((p) => Object.hasOwn(args, p.name))
      .map((p) => p.name)
      .join(','),
    req.rawQuery,
    req.headers.prefer,
    req.headers.accept,
  ].join('\n')
  return recentCalls.get(shape, () => {
    const isRead = req.method !== 'POST'
    const query = parseQuery(req.rawQuery, isRead ? 'rpc-read' : 'rpc-post')
    const params = new Params()
    const source = callCte(fn, args, params)
    const argumentsAt = params.values.length > 0 ? 0 : undefined
    const returns = fn.returns
    if (returns.kind === 'void' || (returns.kind === 'scalar' && !returns.setof)) {
      const sql = singleValueStatement(fn, source)
      return { sql, values: params.values, argumentsAt, offset: 0, counted: false }
    }
    const table = resultTable(r.cache, fn)
    if (!table) throw new Error('a function returning rows has a result table')
    const root = planRead(table, query, { cache: r.cache, fromSource: true, isMutation: false })
    const counted = wantsCount(r.prefs)
    // A set of scalars with the default select is a bare JSON array of them, as PostgREST returns.
    const body =
      req.method === 'HEAD'
        ? ({ kind: 'none' } as const)
        : returns.kind === 'scalar' && query.defaultSelect
          ? ({ kind: 'column', column: fn.name } as const)
          : ({ kind: returns.setof ? r.media.kind : 'object', stripNulls: r.media.stripNulls } as const)
    const sql = readStatement(root, params, {
      sources: [source],
      total: counted ? 'matching' : undefined,
      body,
    })
    return { sql, values: params.values, argumentsAt, offset: rootOffset(query, undefined), counted }
  })
}

/** The call's bind values: the prepared ones, with this call's arguments. */
function callValues(prepared: PreparedCall, args: Record<string, unknown>): unknown[] {
  if (prepared.argumentsAt === undefined) return prepared.values
  const values = [...prepared.values]
  values[prepared.argumentsAt] = JSON.stringify(args)
  return values
}

/**
 * POST|GET|HEAD /rpc/fn (contract 2.12). GET and STABLE/IMMUTABLE functions run in a read-only
 * transaction, so a write inside them fails with 25006 (405) as on PostgREST. `settings` are set for
 * that transaction before the call (see passwordHash.ts).
 */
export async function callFunction(
  r: RestRequest,
  fn: FunctionInfo,
  args: Record<string, unknown>,
  settings: Record<string, string> = {},
): Promise<ApiResponse> {
  const readOnly = r.req.method !== 'POST' || fn.volatility !== 'volatile'
  const headOnly = r.req.method === 'HEAD'
  const returns = fn.returns
  const prepared = prepareCall(r, fn, args)
  const { offset, counted } = prepared

  const row = await r.run(
    async (tx) => {
      for (const [name, value] of Object.entries(settings)) {
        await tx.query('select set_config($1, $2, true)', [name, value])
      }
      const { rows } = await tx.query<StatementRow>(prepared.sql, callValues(prepared, args))
      return rows[0]
    },
    { readOnly },
  )

  if (returns.kind === 'void') return success(204, {}, undefined, undefined)
  const { total, page } = rowCounts(row)
  const setof = returns.setof
  const { status, range } = setof
    ? readStatus(offset, page, counted ? total : undefined)
    : { status: 200, range: '0-0/*' }
  if (setof && r.media.kind === 'object' && page !== 1) throw singularityError(page)
  const contentType = setof
    ? r.media.contentType
    : r.media.kind === 'object'
      ? r.media.contentType
      : 'application/json; charset=utf-8'
  return success(
    status,
    { 'Content-Range': range, ...preferenceApplied(r.prefs, ['count']) },
    headOnly ? undefined : (row.body ?? 'null'),
    contentType,
  )
}
