import { jsonResponse } from '../http/json'
import type { ApiRequest, ApiResponse, ServiceContext } from '../http/types'
import type { Database } from '../db/types'
import { AuthError, badRequest, versionHeaders } from './errors'
import type { FailureBackoff, WindowCounter } from './rateLimit'
import { sessionExists } from './sessions'
import { findIdentities, findUserById, type IdentityRow, type UserRow } from './users'
import { sessionJson } from './tokens'
import type { IssuedSession } from './sessions'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface AuthDeps {
  secret: Uint8Array
  now(): number
  limits: {
    signInFailuresPerAddressAndEmail: FailureBackoff
    signInFailuresPerAddress: WindowCounter
    signUpsPerAddress: WindowCounter
  }
}

export interface AuthCall {
  req: ApiRequest
  ctx: ServiceContext
  deps: AuthDeps
}

/** The request's JSON object; GoTrue answers bad_json for anything it cannot parse. */
export function jsonBody(req: ApiRequest): Record<string, unknown> {
  const text = req.body.toString('utf8').trim()
  if (text === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object')
  }
  if (!storable(parsed)) {
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: strings may not hold NUL characters or unpaired surrogates',
    )
  }
  return parsed as Record<string, unknown>
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Postgres text and jsonb cannot hold a NUL character or half a surrogate pair: such a value in an
 * email, a token or user metadata would fail in the database as a server error instead of a 400.
 */
function storable(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
  if (Array.isArray(value)) return value.every(storable)
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => storable(key) && storable(item))
  }
  return true
}

export function queryParam(req: ApiRequest, name: string): string | undefined {
  return new URLSearchParams(req.rawQuery).get(name) ?? undefined
}

export function ok(req: ApiRequest, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return jsonResponse(200, body, { ...versionHeaders(req), ...headers })
}

export function issuer(ctx: ServiceContext): string {
  return `${ctx.baseUrl}/auth/v1`
}

export async function loadUserWithIdentities(db: Database, userId: string) {
  const user = await findUserById(db, userId)
  if (!user) throw new AuthError(500, 'unexpected_failure', 'User vanished during the request')
  return { user, identities: await findIdentities(db, userId) }
}

/** A session answer for a user who just signed in, signed up or refreshed. */
export async function sessionResponse(call: AuthCall, issued: IssuedSession): Promise<ApiResponse> {
  const { user, identities } = await loadUserWithIdentities(call.ctx.db, issued.userId)
  const body = await sessionJson(
    call.deps.secret,
    issuer(call.ctx),
    user,
    identities,
    issued.session,
    issued.refreshToken,
    call.deps.now(),
  )
  return ok(call.req, body, { 'sb-auth-user-id': user.id, 'sb-auth-session-id': issued.session.id })
}

export interface AuthenticatedUser {
  user: UserRow
  identities: IdentityRow[]
  sessionId?: string
}

/**
 * GoTrue's requireAuthentication for /user and /logout (contract 3.7): a Bearer token is required,
 * must verify, must name a user, and its session must not have been logged out.
 */
export async function requireUser(call: AuthCall): Promise<AuthenticatedUser> {
  const { req, ctx } = call
  if (!/^bearer\s+\S+/i.test(req.headers.authorization ?? '')) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  const { caller } = ctx
  if (caller.jwtError) {
    const reason =
      caller.jwtError.kind === 'expired'
        ? 'token has invalid claims: token is expired'
        : caller.jwtError.message
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  const sub = caller.claims.sub
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  if (!UUID_PATTERN.test(sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  }
  const user = await findUserById(ctx.db, sub)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const claimed = caller.claims.session_id
  const sessionId = typeof claimed === 'string' && UUID_PATTERN.test(claimed) ? claimed : undefined
  if (sessionId && !(await sessionExists(ctx.db, sessionId))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { user, identities: await findIdentities(ctx.db, user.id), sessionId }
}
