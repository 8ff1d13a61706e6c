import type { ApiResponse } from '../http/types'
import { type AuthCall, jsonBody, loadUserWithIdentities, ok, queryParam, requireUser } from './context'
import { AuthError, validationFailed, versionHeaders } from './errors'
import { checkNewPassword, hashPassword, verifyPassword } from './passwords'
import { endSessions, type LogoutScope } from './sessions'
import { metadataObject, normaliseEmail } from './signup'
import { findUserByEmail, userJson } from './users'

/** GET /user */
export async function getUser(call: AuthCall): Promise<ApiResponse> {
  const { user, identities } = await requireUser(call)
  return ok(call.req, userJson(user, identities))
}

/**
 * PUT /user (contract 3.7): `data` merges into user_metadata and null deletes a key; a new password
 * must pass the strength rules, differ from the current one, and ends the user's other sessions.
 * Email changes apply at once, as GoTrue does with autoconfirm.
 */
export async function updateUser(call: AuthCall): Promise<ApiResponse> {
  const { user, sessionId } = await requireUser(call)
  const body = jsonBody(call.req)
  if (body.app_metadata !== undefined) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  }
  if (typeof body.phone === 'string' && body.phone !== '' && body.phone !== user.phone) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone changes are not supported')
  }

  const metadata = { ...(user.raw_user_meta_data ?? {}) }
  for (const [key, value] of Object.entries(metadataObject(body.data))) {
    if (value === null) delete metadata[key]
    else metadata[key] = value
  }

  let email: string | undefined
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    email = normaliseEmail(body.email)
    if (email === user.email) email = undefined
    else if (await findUserByEmail(call.ctx.db, email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
  }

  let passwordHash: string | undefined
  if (body.password !== undefined && body.password !== null) {
    const password = checkNewPassword(body.password, 'Password update requires a valid password')
    if (await verifyPassword(password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
    }
    passwordHash = await hashPassword(password)
  }

  const now = new Date(call.deps.now()).toISOString()
  await call.ctx.db.transaction(async (tx) => {
    await tx.query(
      `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3::timestamptz,
         encrypted_password = coalesce($4, encrypted_password), email = coalesce($5, email)
       where id = $1::uuid`,
      [user.id, JSON.stringify(metadata), now, passwordHash ?? null, email ?? null],
    )
    if (email) {
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
           updated_at = $3::timestamptz
         where user_id = $1::uuid and provider = 'email'`,
        [user.id, email, now],
      )
    }
    if (passwordHash) await endSessions(tx, user.id, sessionId ? 'others' : 'global', sessionId)
  })
  const updated = await loadUserWithIdentities(call.ctx.db, user.id)
  return ok(call.req, userJson(updated.user, updated.identities))
}

/** POST /logout?scope=global|local|others (contract 3.8). */
export async function logout(call: AuthCall): Promise<ApiResponse> {
  const scope = queryParam(call.req, 'scope') ?? 'global'
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`)
  }
  const { user, sessionId } = await requireUser(call)
  await endSessions(call.ctx.db, user.id, scope as LogoutScope, sessionId)
  return { status: 204, headers: versionHeaders(call.req) }
}
