import type { ApiResponse } from '../http/types'
import { type AuthCall, jsonBody, queryParam, sessionResponse } from './context'
import { AuthError, badRequest, validationFailed } from './errors'
import { verifyPassword } from './passwords'
import { rotateRefreshToken, startSession } from './sessions'
import { findUserByEmail, isBanned } from './users'

/** POST /token?grant_type=… (contract 3.6). */
export async function token(call: AuthCall): Promise<ApiResponse> {
  const grantType = queryParam(call.req, 'grant_type')
  const body = jsonBody(call.req)
  if (grantType === 'password') return passwordGrant(call, body)
  if (grantType === 'refresh_token') {
    const issued = await rotateRefreshToken(call.ctx.db, body.refresh_token, call.deps.now())
    return sessionResponse(call, issued)
  }
  throw badRequest('invalid_credentials', 'unsupported_grant_type')
}

async function passwordGrant(call: AuthCall, body: Record<string, unknown>): Promise<ApiResponse> {
  const { email, phone, password } = body
  if (email && phone)
    throw validationFailed('Only an email address or phone number should be provided on login.')
  if (!email && !phone) throw validationFailed('missing email or phone')
  if (typeof password !== 'string' && password !== undefined)
    throw validationFailed('password must be a string')

  const { perEmail, perAddress } = call.deps.signInFailures
  const emailKey = (typeof email === 'string' ? email.trim().toLowerCase() : `phone:${String(phone)}`).slice(
    0,
    320,
  )
  const addressKey = call.req.remoteAddress
  // Checked before the password so a locked account gives nothing away, even to the right password.
  const retryAfter = Math.max(perEmail.retryAfter(emailKey), perAddress.retryAfter(addressKey))
  if (retryAfter > 0) {
    throw new AuthError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      {},
      {
        'Retry-After': String(retryAfter),
      },
    )
  }

  const { db } = call.ctx
  // Phone sign-in is not offered: such a user is simply never found, like a wrong password.
  const user = typeof email === 'string' ? await findUserByEmail(db, email.trim()) : undefined
  const passwordMatches = await verifyPassword(
    typeof password === 'string' ? password : '',
    user?.encrypted_password,
  )
  if (!user || !passwordMatches) {
    perEmail.record(emailKey)
    perAddress.record(addressKey)
    throw badRequest('invalid_credentials', 'Invalid login credentials')
  }
  perEmail.reset(emailKey)
  const now = call.deps.now()
  if (isBanned(user, now)) throw badRequest('user_banned', 'User is banned')
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')

  const nowIso = new Date(now).toISOString()
  const issued = await db.transaction(async (tx) => {
    await tx.query('update auth.users set last_sign_in_at = $2::timestamptz where id = $1::uuid', [
      user.id,
      nowIso,
    ])
    await tx.query(
      `update auth.identities set last_sign_in_at = $2::timestamptz where user_id = $1::uuid and provider = 'email'`,
      [user.id, nowIso],
    )
    return startSession(tx, user.id, now)
  })
  return sessionResponse(call, issued)
}
