import { createDetachedClient, supabase } from '../../lib/supabase'
import type { StaffRole } from '../auth/service'

export interface NewStaffUser {
  fullName: string
  email: string
  password: string
  role: StaffRole
}

/** A row of the staff list; `id` is the account's user id. */
export interface StaffMember {
  id: string
  fullName: string
  email: string
  role: StaffRole
}

export const USER_ALREADY_EXISTS_MESSAGE = 'A user with this email address already exists'

/**
 * Staff are created in two steps: an admin invites the address with its role (only admins may, and
 * only an address without an account), which returns a one-time token; then the account is signed
 * up with that token in its metadata, through a client that keeps no session so the person creating
 * it stays signed in as themselves. The database makes staff only of the sign-up carrying the token.
 * A failed sign-up cancels the invite, so none is left for someone else to use.
 */
export async function createStaffUser({ fullName, email, password, role }: NewStaffUser): Promise<void> {
  const { data: token, error: inviteError } = await supabase().rpc('invite_staff', {
    p_email: email,
    p_role: role,
  })
  // Plain error objects from the REST client become Errors carrying the server's wording.
  if (inviteError) throw new Error(inviteError.message)

  const { data, error } = await createDetachedClient().auth.signUp({
    email,
    password,
    options: { data: { fullName, avatar: '', staff_invite_token: token } },
  })
  if (error) {
    await supabase().rpc('cancel_staff_invite', { p_token: token })
    // Someone registered the address between the invite and the sign-up.
    if (error.code === 'user_already_exists') throw new Error(USER_ALREADY_EXISTS_MESSAGE)
    throw error
  }

  const { data: staffRow, error: staffError } = await supabase()
    .from('staff')
    .select('user_id')
    .eq('user_id', data.user?.id ?? '')
    .maybeSingle()
  if (staffError) throw new Error(staffError.message)
  if (!staffRow) {
    throw new Error(
      `The account ${email} was created, but not as staff: its invite had expired or was used by another sign-up`,
    )
  }
}

/** The server's refusal (the last admin, a role the caller lacks) as the error's cause, for its toast. */
function throwIfFailed(title: string, error: { message: string } | null): void {
  if (error) throw new Error(title, { cause: new Error(error.message) })
}

export async function listStaff(): Promise<StaffMember[]> {
  const { data, error } = await supabase().rpc('list_staff')
  if (error) throw new Error('The staff could not be loaded', { cause: new Error(error.message) })
  return data.map(({ user_id, fullName, email, role }) => ({
    id: user_id,
    fullName,
    email,
    role: role as StaffRole,
  }))
}

export async function setStaffRole({ id, role }: Pick<StaffMember, 'id' | 'role'>): Promise<void> {
  const { error } = await supabase().rpc('set_staff_role', { p_user_id: id, p_role: role })
  throwIfFailed('The role could not be changed', error)
}

/** Their account stays (bookings' history names it); their sessions end at once. */
export async function removeStaff(id: string): Promise<void> {
  const { error } = await supabase().rpc('remove_staff', { p_user_id: id })
  throwIfFailed('Staff access could not be removed', error)
}

/** For someone who forgot theirs; their sessions end. */
export async function setStaffPassword({ id, password }: { id: string; password: string }): Promise<void> {
  const { error } = await supabase().rpc('set_staff_password', { p_user_id: id, p_password: password })
  throwIfFailed('The password could not be set', error)
}
