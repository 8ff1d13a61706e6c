import type { Tables } from '@shared/database.types'
import { supabase } from '../../lib/supabase'

/** The business-wide settings row, without its creation time (nobody edits or shows it). */
export type Settings = Omit<Tables<'settings'>, 'created_at'>

export type SettingName = Exclude<keyof Settings, 'id'>
export type SettingsPatch = Partial<Pick<Settings, SettingName>>

/** The business-wide settings live in one row. */
const SETTINGS_ID = 1

export async function getSettings(): Promise<Settings> {
  const { data, error } = await supabase().from('settings').select('*').eq('id', SETTINGS_ID).single()
  if (error) throw new Error('Settings could not be loaded', { cause: error })
  return data
}

export async function updateSettings(patch: SettingsPatch): Promise<Settings> {
  const { data, error } = await supabase().from('settings').update(patch).eq('id', SETTINGS_ID).select()
  // The database's reason (e.g. a minimum above the maximum) is kept as the cause, for the user to read.
  if (error) throw new Error('Settings could not be updated', { cause: error })
  // An update the database silently skipped (no row, or not allowed) did not save anything.
  if (!data.length)
    throw new Error('Settings could not be updated', {
      cause: new Error('The settings row could not be found'),
    })
  return data[0]
}
