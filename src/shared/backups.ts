/** The embedded backend's own backups endpoint (hosted Supabase has none); see src/server/backup. */
export const BACKUPS_PATH = '/innkeeper/v1/backups'

/** What Settings shows: where backups go and the newest one. */
export interface BackupStatus {
  dir: string
  last: { name: string; createdAt: string; bytes: number } | null
}
