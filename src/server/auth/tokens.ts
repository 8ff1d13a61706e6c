import { randomInt } from 'node:crypto'
import { SignJWT } from 'jose'
import { ACCESS_TOKEN_TTL_SECONDS } from '../config'
import type { IdentityRow, UserRow } from './users'
import { userJson } from './users'

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** GoTrue's legacy refresh token: 12 characters [a-z0-9] from a CSPRNG (contract 3.2). */
export function newRefreshToken(): string {
  let token = ''
  for (let i = 0; i < 12; i++) token += REFRESH_TOKEN_ALPHABET[randomInt(REFRESH_TOKEN_ALPHABET.length)]
  return token
}

export const REFRESH_TOKEN_PATTERN = /^[a-z0-9]{12}$/

export interface SessionInfo {
  id: string
  /** When the user authenticated with a password, for the `amr` claim; unchanged by refreshes. */
  authenticatedAt: number
}

/** An access token with the claims of contract 3.4, signed HS256 with the data folder's secret. */
export function signAccessToken(
  secret: Uint8Array,
  issuer: string,
  user: UserRow,
  session: SessionInfo,
  nowSeconds: number,
): Promise<string> {
  return new SignJWT({
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: session.authenticatedAt }],
    session_id: session.id,
    is_anonymous: Boolean(user.is_anonymous),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret)
}

/** The session JSON of contract 3.2. */
export async function sessionJson(
  secret: Uint8Array,
  issuer: string,
  user: UserRow,
  identities: IdentityRow[],
  session: SessionInfo,
  refreshToken: string,
  nowMs: number,
): Promise<Record<string, unknown>> {
  const nowSeconds = Math.floor(nowMs / 1000)
  return {
    access_token: await signAccessToken(secret, issuer, user, session, nowSeconds),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: nowSeconds + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  }
}
