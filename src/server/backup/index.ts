export { backupsDir, listBackups } from './names'
export { restoreBackup, type RestoreOptions } from './restore'
export {
  startBackups,
  pruneBackups,
  type BackupOptions,
  type BackupSchedule,
  type Scheduler,
} from './schedule'
export { createBackup, type Backup, type BackupManifest, type BackupSource } from './snapshot'
