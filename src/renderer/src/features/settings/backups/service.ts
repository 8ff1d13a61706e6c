import { BACKUPS_PATH, type BackupStatus } from '@shared/backups'
import { fetchEmbeddedBackend } from '../../../lib/supabase'

/** The last backup and where backups go; null when the backend makes none (backups off). */
export async function getBackupStatus(): Promise<BackupStatus | null> {
  const response = await fetchEmbeddedBackend(BACKUPS_PATH, 'GET')
  if (response.status === 404) return null
  return statusFrom(response, 'The last backup could not be read')
}

/** Makes a backup now (after any that is running) and answers the new status. */
export async function backUpNow(): Promise<BackupStatus> {
  return statusFrom(await fetchEmbeddedBackend(BACKUPS_PATH, 'POST'), 'The backup could not be made')
}

async function statusFrom(response: Response, failure: string): Promise<BackupStatus> {
  const body = (await response.json().catch(() => null)) as unknown
  if (!response.ok) {
    const reason = (body as { message?: string } | null)?.message ?? `HTTP ${response.status}`
    throw new Error(failure, { cause: new Error(reason) })
  }
  return body as BackupStatus
}
