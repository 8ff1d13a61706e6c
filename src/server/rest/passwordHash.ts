import { hashPassword } from '../auth/passwords'
import { PASSWORD_MAX_LENGTH } from '../config'
import type { RestRequest } from './context'

/** Where private.password_hash (migration …_roles_and_activity.sql) reads a hash made here. */
export const PASSWORD_HASH_SETTING = 'innkeeper.password_hash'

/** The calls whose `p_password` is stored as a hash: an admin's new password for a staff member. */
const CALLS_STORING_A_PASSWORD = new Set(['set_staff_password'])

/**
 * The settings a call's transaction starts with. PGlite runs without pgcrypto (35 MB less memory), so
 * set_staff_password cannot hash in SQL here as it does on hosted Supabase: the embedded backend hashes
 * the password itself (bcrypt on the thread pool, as sign-ups) and hands the hash to that transaction.
 * Only for an admin's call: a hash costs ~50 ms of a thread, which nobody else may spend at will. Any
 * other call, or a password the function refuses anyway, starts with nothing.
 */
export async function callSettings(
  r: RestRequest,
  functionName: string,
  args: Record<string, unknown>,
): Promise<Record<string, string>> {
  const password = args.p_password
  if (
    !CALLS_STORING_A_PASSWORD.has(functionName) ||
    r.ctx.caller.role !== 'authenticated' ||
    typeof password !== 'string' ||
    password === '' ||
    Buffer.byteLength(password) > PASSWORD_MAX_LENGTH
  ) {
    return {}
  }
  const { rows } = await r.run((tx) => tx.query<{ admin: boolean }>('select public.is_admin() as admin'))
  if (rows[0]?.admin !== true) return {}
  return { [PASSWORD_HASH_SETTING]: await hashPassword(password) }
}
