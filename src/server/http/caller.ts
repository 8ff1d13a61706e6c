import { errors, jwtVerify } from 'jose'
import { JWT_CLOCK_SKEW_SECONDS } from '../config'
import type { Caller } from './types'

const ROLES = new Set<Caller['role']>(['anon', 'authenticated', 'service_role'])
const ANON: Caller = { role: 'anon', claims: { role: 'anon' } }

/** The token after 'Bearer ' (any case), or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^bearer\s+(\S+)\s*$/i)
  return match?.[1]
}

/**
 * Who is calling. Like the Supabase gateway, a request without a bearer token is treated as if it
 * carried the JWT of its apikey (the app has already refused an apikey that is not one of this
 * server's keys); with neither it is anon. The algorithm is pinned to HS256 so a token cannot pick
 * `none` or a public-key algorithm; user tokens must carry aud "authenticated".
 */
export async function resolveCaller(
  headers: Record<string, string | undefined>,
  secret: Uint8Array,
  nowMs: number,
): Promise<Caller> {
  const token = bearerToken(headers.authorization) ?? (headers.apikey || undefined)
  if (!token) return ANON
  return verifyToken(token, secret, nowMs)
}

/** Tokens whose signature was verified, per secret; bounded, oldest dropped first. */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>()
const VERIFIED_TOKENS_MAX = 1000

interface VerifiedToken {
  caller: Caller
  exp: number
  nbf: number | undefined
}

/**
 * A token's signature and claims cannot change, so a token seen before skips the HMAC (a notable
 * part of a small request) and only its time window is checked again; a token outside it takes the
 * full path, which answers expired or invalid as before.
 */
export async function verifyToken(token: string, secret: Uint8Array, nowMs: number): Promise<Caller> {
  const seen = verifiedTokens.get(secret)?.get(token)
  if (seen && withinTimeWindow(seen, nowMs)) return seen.caller
  const caller = await verifyTokenFully(token, secret, nowMs)
  if (!caller.jwtError) remember(secret, token, caller)
  return caller
}

/** jose's rules for exp and nbf, with the same clock tolerance. */
function withinTimeWindow({ exp, nbf }: VerifiedToken, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000)
  return exp > now - JWT_CLOCK_SKEW_SECONDS && (nbf === undefined || nbf <= now + JWT_CLOCK_SKEW_SECONDS)
}

function remember(secret: Uint8Array, token: string, caller: Caller): void {
  let tokens = verifiedTokens.get(secret)
  if (!tokens) verifiedTokens.set(secret, (tokens = new Map()))
  // jose has checked both are numbers (exp is required).
  const { exp, nbf } = caller.claims
  tokens.set(token, { caller, exp: exp as number, nbf: nbf as number | undefined })
  if (tokens.size > VERIFIED_TOKENS_MAX) tokens.delete(tokens.keys().next().value as string)
}

async function verifyTokenFully(token: string, secret: Uint8Array, nowMs: number): Promise<Caller> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      clockTolerance: JWT_CLOCK_SKEW_SECONDS,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp'],
    })
    // PostgREST: a token without a role claim runs as the anon role, and the claims say so.
    const role = payload.role === undefined ? 'anon' : payload.role
    if (typeof role !== 'string' || !ROLES.has(role as Caller['role'])) {
      return invalid('JWT role is not allowed')
    }
    if (role === 'authenticated' && !audienceIncludes(payload.aud, 'authenticated')) {
      return invalid('JWT not in audience')
    }
    if (payload.sub !== undefined && typeof payload.sub !== 'string')
      return invalid('JWT sub is not a string')
    return { role: role as Caller['role'], claims: { ...payload, role } }
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return { ...ANON, jwtError: { kind: 'expired', message: error.message } }
    }
    return invalid(error instanceof errors.JOSEError ? error.message : 'JWT could not be decoded')
  }
}

function audienceIncludes(aud: unknown, expected: string): boolean {
  return aud === expected || (Array.isArray(aud) && aud.includes(expected))
}

function invalid(message: string): Caller {
  return { ...ANON, jwtError: { kind: 'invalid', message } }
}
