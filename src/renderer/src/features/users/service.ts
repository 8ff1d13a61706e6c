import { createDetachedClient, supabase } from '../../lib/supabase'

export interface NewStaffUser {
  fullName: string
  email: string
  password: string
}

/**
 * Staff are created in two steps: the current staff member invites the address (only staff may),
 * then the account is signed up through a client that keeps no session, so the person creating it
 * stays signed in as themselves. A database trigger turns the invite into a staff row.
 */
export async function createStaffUser({ fullName, email, password }: NewStaffUser): Promise<void> {
  const { error: inviteError } = await supabase().rpc('invite_staff', { p_email: email })
  // Plain error objects from the REST client become Errors carrying the server's wording.
  if (inviteError) throw new Error(inviteError.message)

  const { error } = await createDetachedClient().auth.signUp({
    email,
    password,
    options: { data: { fullName, avatar: '' } },
  })
  if (error) throw error
}
