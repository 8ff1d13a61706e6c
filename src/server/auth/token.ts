import type { ApiResponse } from '../http/types'
import { type AuthCall, jsonBody, queryParam, sessionResponse } from './context'
import { badRequest, overRequestRateLimit, validationFailed } from './errors'
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

  // Keyed by the client's address, never by the email alone (config.ts AUTH_RATE_LIMITS): a
  // stranger elsewhere cannot make the real user's correct password fail.
  const { signInFailuresPerAddressAndEmail: perAccount, signInFailuresPerAddress: perAddress } =
    call.deps.limits
  const addressKey = call.req.remoteAddress
  const account = (typeof email === 'string' ? email.trim().toLowerCase() : `phone:${String(phone)}`).slice(
    0,
    320,
  )
  const accountKey = `${addressKey} ${account}`
  // Checked before the password, so a waiting guesser learns nothing even from the right password.
  const retryAfter = Math.max(perAccount.retryAfter(accountKey), perAddress.retryAfter(addressKey))
  if (retryAfter > 0) throw overRequestRateLimit(retryAfter)

  const { db } = call.ctx
  // Phone sign-in is not offered: such a user is simply never found, like a wrong password.
  const user = typeof email === 'string' ? await findUserByEmail(db, email.trim()) : undefined
  const passwordMatches = await verifyPassword(
    typeof password === 'string' ? password : '',
    user?.encrypted_password,
  )
  if (!user || !passwordMatches) {
    perAccount.record(accountKey)
    perAddress.record(addressKey)
    throw badRequest('invalid_credentials', 'Invalid login credentials')
  }
  perAccount.reset(accountKey)
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
