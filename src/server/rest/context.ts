import { JSON_BODY_LIMIT_BYTES } from '../config'
import type { Queryable } from '../db/types'
import type { ApiRequest, ServiceContext } from '../http/types'
import { bodyTooLarge, invalidPreferences, limitError } from './errors'
import { MAX_QUERY_LENGTH } from './limits'
import { negotiateMedia, parsePrefer, type Media, type Preferences } from './parse/headers'
import type { SchemaCache } from './schemaCache'

/** What every REST operation gets: the request, its parsed headers, the schema and a way into the database. */
export interface RestRequest {
  req: ApiRequest
  ctx: ServiceContext
  cache: SchemaCache
  prefs: Preferences
  media: Media
  /** Runs fn in the request's one transaction, as the caller's role (RLS decides); read-only if asked. */
  run<T>(fn: (tx: Queryable) => Promise<T>, options?: RunOptions): Promise<T>
}

export interface RunOptions {
  readOnly?: boolean
}

export type RunInRole = <T>(
  ctx: ServiceContext,
  fn: (tx: Queryable) => Promise<T>,
  options?: RunOptions,
) => Promise<T>

/** Headers and bounds every operation shares, checked before any parsing of the query. */
export function prepare(
  req: ApiRequest,
  ctx: ServiceContext,
  cache: SchemaCache,
  runInRole: RunInRole,
): RestRequest {
  if (req.rawQuery.length > MAX_QUERY_LENGTH) {
    throw limitError(
      'Query string too long',
      `The query string may have at most ${MAX_QUERY_LENGTH} characters.`,
    )
  }
  // A NUL byte can be neither an identifier nor text in Postgres.
  if (/%00/.test(req.rawQuery))
    throw limitError('Invalid query string', 'The query string contains a NUL byte.')
  if (req.body.length > JSON_BODY_LIMIT_BYTES) throw bodyTooLarge(JSON_BODY_LIMIT_BYTES)
  const prefs = parsePrefer(req.headers.prefer)
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw invalidPreferences(prefs.invalid)
  return {
    req,
    ctx,
    cache,
    prefs,
    media: negotiateMedia(req.headers.accept),
    run: (fn, options) => runInRole(ctx, fn, options),
  }
}

/** `Prefer: count=…` (planned and estimated are answered exactly). */
export const wantsCount = (prefs: Preferences) => prefs.count !== undefined

/** Reads of the response row: drivers give counts as numbers or strings. */
export interface StatementRow {
  total: number | string | null
  page: number | string
  body: string | null
  inserted?: number | string
  location?: string | null
}

export function rowCounts(row: StatementRow): { total: number | undefined; page: number } {
  return { total: row.total === null ? undefined : Number(row.total), page: Number(row.page) }
}
