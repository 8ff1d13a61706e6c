import type { User } from '@supabase/supabase-js'
import { supabase } from '../../lib/supabase'

export type StaffRole = 'admin' | 'front desk'

export interface Credentials {
  email: string
  password: string
}

export async function signIn({ email, password }: Credentials): Promise<User> {
  const { data, error } = await supabase().auth.signInWithPassword({ email, password })
  if (error) throw error
  return data.user
}

/** Whether a session is stored (not whether the server still accepts it: that is getCurrentUser). */
export async function hasSession(): Promise<boolean> {
  const { data } = await supabase().auth.getSession()
  return data.session !== null
}

/** The signed-in user, or null without a session or when the session is no longer accepted. */
export async function getCurrentUser(): Promise<User | null> {
  if (!(await hasSession())) return null
  const { data, error } = await supabase().auth.getUser()
  if (error) return null
  return data.user
}

/** The signed-in person's role; null for an account that is not (or no longer) staff. */
export async function getOwnRole(): Promise<StaffRole | null> {
  const { data, error } = await supabase().rpc('staff_role')
  if (error) throw new Error(error.message)
  return (data as StaffRole | null) ?? null
}

/**
 * Logging out never fails for the user: server errors are ignored, and when the server could not
 * be told, the local session is dropped anyway so the next start is signed out.
 */
export async function signOut(): Promise<void> {
  const { error } = await supabase().auth.signOut()
  if (error) await supabase().auth.signOut({ scope: 'local' })
}

/** Calls back when the session ends outside a logout (e.g. a refresh token the server refused). */
export function onSignedOut(callback: () => void): () => void {
  const { data } = supabase().auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_OUT') callback()
  })
  return () => data.subscription.unsubscribe()
}
