import type { User } from '@supabase/supabase-js'
import { createDetachedClient, supabase } from '../../lib/supabase'

const AVATAR_BUCKET = 'avatars'

export interface AccountUpdate {
  userId: string
  fullName: string
  /** A newly chosen avatar image; without one the current avatar stays. */
  avatar?: File | null
}

/** Random suffix: a new name per upload, so no cached copy of an older avatar is ever shown. */
const randomSuffix = () => Math.random().toString(36).slice(2, 12)

async function uploadAvatar(userId: string, file: File): Promise<string> {
  const fileName = `avatar-${userId}-${randomSuffix()}`
  const storage = supabase().storage.from(AVATAR_BUCKET)
  const { error } = await storage.upload(fileName, file, { contentType: file.type || undefined })
  if (error) throw error
  return storage.getPublicUrl(fileName).data.publicUrl
}

export async function updateAccount({ userId, fullName, avatar }: AccountUpdate): Promise<User> {
  const data: Record<string, string> = { fullName }
  if (avatar) data.avatar = await uploadAvatar(userId, avatar)
  const { data: updated, error } = await supabase().auth.updateUser({ data })
  if (error) throw error
  return updated.user
}

export interface PasswordChange {
  currentPassword: string
  password: string
}

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct'

/**
 * Whether the current password is right: signing in with it through a client that keeps no session
 * (the desk's own session stays as it is), then ending that extra session. Works on hosted Supabase
 * too, whose reauthenticate sends a code by email instead.
 */
async function checkCurrentPassword(email: string, password: string): Promise<void> {
  const checker = createDetachedClient()
  const { error } = await checker.auth.signInWithPassword({ email, password })
  if (error) throw new Error(WRONG_CURRENT_PASSWORD_MESSAGE)
  await checker.auth.signOut({ scope: 'local' })
}

export async function updatePassword({ currentPassword, password }: PasswordChange): Promise<User> {
  const { data: current, error: userError } = await supabase().auth.getUser()
  if (userError) throw userError
  await checkCurrentPassword(current.user.email ?? '', currentPassword)
  const { data, error } = await supabase().auth.updateUser({ password })
  if (error) throw error
  return data.user
}
