import { decodeJwt } from 'jose'
import { verifyToken } from '../http/caller'
import type { RequestClaims } from '../db/requestContext'

export type TokenCheck =
  | { ok: true; claims: RequestClaims; exp: number }
  /** `code` prefixes a join's error reason (`InvalidJWTToken: …`); `message` alone is the rest. */
  | { ok: false; code: string; message: string }

/**
 * A token checked as Realtime checks it (contract §1.2, §4.2): a JWT with `role` and `exp`, signed with
 * this data folder's secret (the same verification as every HTTP request), not expired — strictly at
 * `exp`, without the HTTP side's clock tolerance, as the channel closes then.
 */
export async function checkRealtimeToken(
  token: string,
  secret: Uint8Array,
  nowMs: number,
): Promise<TokenCheck> {
  let claims: Record<string, unknown>
  try {
    claims = decodeJwt(token)
  } catch {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' }
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' }
  }
  const expiredFor = Math.floor(nowMs / 1000) - claims.exp
  const caller = await verifyToken(token, secret, nowMs)
  if (caller.jwtError?.kind === 'invalid') {
    return /signature/i.test(caller.jwtError.message)
      ? { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' }
      : { ok: false, code: 'InvalidJWTToken', message: caller.jwtError.message }
  }
  if (caller.jwtError || expiredFor >= 0) {
    return { ok: false, code: 'InvalidJWTToken', message: tokenExpired(expiredFor) }
  }
  return { ok: true, claims: caller.claims as RequestClaims, exp: claims.exp }
}

export function tokenExpired(secondsAgo: number): string {
  return `Token has expired ${Math.max(0, secondsAgo)} seconds ago`
}
