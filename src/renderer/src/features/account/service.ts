import type { User } from '@supabase/supabase-js'
import { supabase } from '../../lib/supabase'

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

export async function updatePassword(password: string): Promise<User> {
  const { data, error } = await supabase().auth.updateUser({ password })
  if (error) throw error
  return data.user
}
