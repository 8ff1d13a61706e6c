import { createDetachedClient, supabase } from '../../lib/supabase'

export interface NewStaffUser {
  fullName: string
  email: string
  password: string
}

export const USER_ALREADY_EXISTS_MESSAGE = 'A user with this email address already exists'

/**
 * Staff are created in two steps: the current staff member invites the address (only staff may, and
 * only an address without an account), which returns a one-time token; then the account is signed
 * up with that token in its metadata, through a client that keeps no session so the person creating
 * it stays signed in as themselves. The database makes staff only of the sign-up carrying the token.
 * A failed sign-up cancels the invite, so none is left for someone else to use.
 */
export async function createStaffUser({ fullName, email, password }: NewStaffUser): Promise<void> {
  const { data: token, error: inviteError } = await supabase().rpc('invite_staff', { p_email: email })
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
