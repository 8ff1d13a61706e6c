import { UnknownRoleError, withRequestRole } from '../db/requestContext'
import type { ApiRequest, ApiResponse, ServiceContext, ServiceHandler } from '../http/types'
import { prepare, type RestRequest, type RunInRole } from './context'
import {
  RestError,
  connectionError,
  errorResponse,
  fromDbError,
  invalidPath,
  invalidRpcMethod,
  isConnectionError,
  isDbError,
  jwtError,
  tableNotFound,
  unacceptableSchema,
  unsupportedMethod,
} from './errors'
import { closestMatch } from './fuzzy'
import { callSettings } from './passwordHash'
import { findFunction } from './plan/rpc'
import { callArguments, callFunction } from './rpc'
import {
  EXPOSED_SCHEMA,
  getSchemaCache,
  refreshIfStale,
  type SchemaCache,
  type TableInfo,
} from './schemaCache'
import { deleteRows, insertRows, readTable, updateRows } from './table'

/** A name the schema cache does not know makes it reload, at most this often (new tables, functions). */
const SCHEMA_RELOAD_MIN_AGE_MS = 2000

const runInRole: RunInRole = (ctx, fn, options) => withRequestRole(ctx.db, ctx.caller.claims, fn, options)

export interface RestHandlerOptions {
  /** Milliseconds since the epoch, for the schema cache's reload interval; injectable for tests. */
  now?: () => number
}

/**
 * The PostgREST-compatible service behind /rest/v1. Every answer, error or not, has PostgREST's
 * status and body; only a bug in this code escapes as an exception (the router answers 500).
 */
export function createRestHandler(options: RestHandlerOptions = {}): ServiceHandler {
  const now = options.now ?? Date.now
  return async (req, ctx) => {
    try {
      return await route(req, ctx, now)
    } catch (error) {
      return errorAnswer(error, ctx)
    }
  }
}

function errorAnswer(error: unknown, ctx: ServiceContext): ApiResponse {
  if (error instanceof RestError) return errorResponse(error)
  const asAnon = ctx.caller.role === 'anon'
  if (isDbError(error)) return errorResponse(fromDbError(error, asAnon))
  if (error instanceof UnknownRoleError) {
    return errorResponse(fromDbError({ code: error.code, message: error.message }, asAnon))
  }
  if (isConnectionError(error)) return errorResponse(connectionError())
  throw error
}

async function route(req: ApiRequest, ctx: ServiceContext, now: () => number): Promise<ApiResponse> {
  if (ctx.caller.jwtError) throw jwtError(ctx.caller.jwtError.kind, ctx.caller.jwtError.message)
  const segments = pathSegments(req.path)
  checkProfile(req)
  const r = prepare(req, ctx, await getSchemaCache(ctx.db), runInRole)

  if (segments.length === 2 && segments[0] === 'rpc') {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) throw invalidRpcMethod(req.method)
    const args = callArguments(r)
    const fn = await withReload(r, now, (c) =>
      findFunction(c, segments[1], Object.keys(args), req.method === 'POST'),
    )
    return callFunction(r, fn, args, await callSettings(r, fn.name, args))
  }
  if (segments.length !== 1) throw invalidPath()
  const table = await withReload(r, now, (c) => findTable(c, segments[0]))
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return readTable(r, table)
    case 'POST':
      return insertRows(r, table)
    case 'PATCH':
      return updateRows(r, table)
    case 'DELETE':
      return deleteRows(r, table)
    default:
      throw unsupportedMethod(req.method)
  }
}

/** '/bookings' → ['bookings'], '/rpc/get_dashboard' → ['rpc', 'get_dashboard']; percent-decoded. */
function pathSegments(path: string): string[] {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '')
  if (trimmed === '') throw invalidPath()
  try {
    return trimmed.split('/').map((s) => decodeURIComponent(s))
  } catch {
    throw invalidPath()
  }
}

/** Accept-Profile (reads) / Content-Profile (writes) may only name the exposed schema (PGRST106). */
function checkProfile(req: ApiRequest): void {
  const isRead = req.method === 'GET' || req.method === 'HEAD'
  const profile = isRead ? req.headers['accept-profile'] : req.headers['content-profile']
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) throw unacceptableSchema(profile, [EXPOSED_SCHEMA])
}

function findTable(cache: SchemaCache, name: string): TableInfo {
  const table = cache.tables.get(name)
  if (!table) throw tableNotFound(EXPOSED_SCHEMA, name, closestMatch(cache.tables.keys(), name))
  return table
}

/**
 * Looks a name up; when it is unknown and the cache is not fresh, reloads once and tries again, so a
 * table or function created after start-up becomes reachable without a restart.
 */
async function withReload<T>(
  r: RestRequest,
  now: () => number,
  lookup: (cache: SchemaCache) => T,
): Promise<T> {
  try {
    return lookup(r.cache)
  } catch (error) {
    const code = error instanceof RestError ? error.body.code : undefined
    if (code !== 'PGRST205' && code !== 'PGRST202') throw error
    const fresh = await refreshIfStale(r.ctx.db, SCHEMA_RELOAD_MIN_AGE_MS, now)
    if (!fresh) throw error
    r.cache = fresh
    return lookup(fresh)
  }
}
