import { jsonResponse } from '../http/json'
import type { ApiResponse } from '../http/types'
import type { Queryable } from '../db/types'
import { type AuthCall, jsonBody } from './context'
import { AuthError, overRequestRateLimit, validationFailed } from './errors'
import { checkNewPassword, hashPassword } from './passwords'
import { normaliseEmail } from './signup'
import { STAFF_PASSWORD_MIN_LENGTH } from './staff'
import { insertEmailUser } from './users'

/**
 * The desktop app's first run on a real (non-demo) data folder: the first staff member, the owner,
 * is created here, and only while the database has no staff at all. The path is the embedded
 * backend's own (hosted Supabase answers 404, and its first staff member is made by the README's
 * steps); it is served only when the server was started with ownerSetup (the desktop app, bound to
 * loopback), never in web mode, which may serve a network.
 *
 * GET  /auth/v1/innkeeper/owner → { needs_owner, demo } (also served in the desktop's demo folder,
 *      which answers demo: true so every screen says so, and never needs an owner)
 * POST /auth/v1/innkeeper/owner { email, password, full_name, business_name } → 201 { id, email }
 */
export function ownerStatus(desk: DeskOptions) {
  return async (call: AuthCall): Promise<ApiResponse> =>
    jsonResponse(200, {
      needs_owner: desk.ownerSetup === true && !(await hasStaff(call.ctx.db)),
      demo: desk.demoData === true,
    })
}

/** What the desktop app told its backend about the data folder (StartServerOptions). */
export interface DeskOptions {
  ownerSetup?: boolean
  demoData?: boolean
}

export async function createOwner(call: AuthCall): Promise<ApiResponse> {
  const body = jsonBody(call.req)
  const email = normaliseEmail(body.email)
  const password = checkNewPassword(body.password, 'The owner needs a password')
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) {
    const message = `Password should be at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`
    throw new AuthError(422, 'weak_password', message, { weak_password: { message, reasons: ['length'] } })
  }
  const fullName = typeof body.full_name === 'string' ? body.full_name.trim() : ''
  if (fullName === '') throw validationFailed('The owner needs a full name')
  const businessName = typeof body.business_name === 'string' ? body.business_name.trim() : ''
  if (businessName === '') throw validationFailed('The business needs a name')
  if ([...businessName].length > BUSINESS_NAME_MAX_LENGTH) {
    throw validationFailed(`The business name may have at most ${BUSINESS_NAME_MAX_LENGTH} characters`)
  }
  // Counted like sign-ups: one address cannot make the server hash passwords without end.
  const { signUpsPerAddress } = call.deps.limits
  const retryAfter = signUpsPerAddress.retryAfter(call.req.remoteAddress)
  if (retryAfter > 0) throw overRequestRateLimit(retryAfter)
  signUpsPerAddress.record(call.req.remoteAddress)

  const passwordHash = await hashPassword(password)
  try {
    const userId = await call.ctx.db.transaction(async (tx) => {
      // Held to the end of the transaction: of two desks racing, the second one waits here and then
      // sees the first one's owner.
      await tx.query('lock table public.staff in exclusive mode')
      if (await hasStaff(tx)) return null
      const id = await insertEmailUser(tx, {
        email,
        passwordHash,
        data: { fullName, avatar: '' },
        nowMs: call.deps.now(),
      })
      await tx.query("insert into public.staff (user_id, role) values ($1::uuid, 'admin')", [id])
      await tx.query('update public.settings set "businessName" = $1 where id = 1', [businessName])
      return id
    })
    if (!userId) throw ownerExists()
    return jsonResponse(201, { id: userId, email })
  } catch (error) {
    // An account someone signed up with that email first is never made the owner (it has their
    // password, not the owner's).
    if ((error as { code?: string }).code === '23505') {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    throw error
  }
}

/** As the settings column's check (migration …_business_name.sql). */
const BUSINESS_NAME_MAX_LENGTH = 100

function ownerExists(): AuthError {
  return new AuthError(403, 'owner_exists', 'This Innkeeper already has its owner; sign in instead')
}

async function hasStaff(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>('select exists (select 1 from public.staff) as taken')
  return rows[0]?.taken === true
}
