import type { ApiResponse } from '../http/types'
import { type AuthCall, jsonBody, sessionResponse } from './context'
import { AuthError, overRequestRateLimit, validationFailed } from './errors'
import { checkNewPassword, hashPassword } from './passwords'
import { startSession } from './sessions'
import { findUserByEmail, insertEmailUser } from './users'

/** RFC 5322 is far looser; this is the shape GoTrue's checkmail accepts in practice. */
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

export function normaliseEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationFailed('To signup, please provide your email')
  }
  const email = value.trim().toLowerCase()
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format')
  }
  return email
}

export function metadataObject(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed('data must be a JSON object')
  return value as Record<string, unknown>
}

/**
 * POST /signup with autoconfirm on, as the Supabase CLI runs GoTrue: the user is confirmed at once
 * and gets a session (contract 3.5). Signing up alone never makes staff; the database's trigger on
 * auth.users decides that from staff_invites.
 */
export async function signup(call: AuthCall): Promise<ApiResponse> {
  const body = jsonBody(call.req)
  if (body.phone && !body.email) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')
  }
  const email = normaliseEmail(body.email)
  const password = checkNewPassword(body.password, 'Signup requires a valid password')
  const data = metadataObject(body.data)
  // Counted once the request is valid, before any hashing or database work: a flood of sign-ups
  // from one address is what this limits.
  const { signUpsPerAddress } = call.deps.limits
  const retryAfter = signUpsPerAddress.retryAfter(call.req.remoteAddress)
  if (retryAfter > 0) throw overRequestRateLimit(retryAfter)
  signUpsPerAddress.record(call.req.remoteAddress)

  const { db } = call.ctx
  if (await findUserByEmail(db, email)) throw userAlreadyExists()
  const passwordHash = await hashPassword(password)
  try {
    const issued = await db.transaction(async (tx) => {
      const userId = await insertEmailUser(tx, { email, passwordHash, data, nowMs: call.deps.now() })
      return startSession(tx, userId, call.deps.now())
    })
    return await sessionResponse(call, issued)
  } catch (error) {
    // Two sign-ups of one email at once: the unique index answers for the slower one.
    if ((error as { code?: string }).code === '23505') throw userAlreadyExists()
    throw error
  }
}

function userAlreadyExists(): AuthError {
  return new AuthError(422, 'user_already_exists', 'User already registered')
}
