/**
 * `npm run backup:restore -- --data-dir <dir> --backup <name>` puts a backup of the data folder back;
 * `--list` shows the backups there. --backup-dir (default INNKEEPER_BACKUP_DIR, else <data dir>/backups)
 * names the backups folder. The server must be stopped. A PostgreSQL backup goes back to
 * --database-url (default DATABASE_URL) and needs pg_restore on PATH.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { backupsDir, listBackups } from './names'
import { restoreBackup } from './restore'

const USAGE =
  'Usage: npm run backup:restore -- [--data-dir <dir>] [--backup-dir <dir>] --backup <name> [--database-url <url>]\n' +
  '       npm run backup:restore -- [--data-dir <dir>] [--backup-dir <dir>] --list'

export async function runBackupRestore(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      'backup-dir': { type: 'string' },
      backup: { type: 'string' },
      'database-url': { type: 'string' },
      list: { type: 'boolean' },
    },
    strict: true,
  })
  const dataDir = resolve(values['data-dir'] || env.INNKEEPER_DATA_DIR || '.innkeeper')
  const chosen = values['backup-dir'] || env.INNKEEPER_BACKUP_DIR
  const backupDir = backupsDir(dataDir, chosen ? resolve(chosen) : undefined)
  if (values.list) {
    const backups = await listBackups(backupDir)
    return backups.length ? backups.join('\n') : `No backups in ${backupDir}`
  }
  if (!values.backup) throw new Error(USAGE)
  const { replacedDir } = await restoreBackup({
    dataDir,
    backup: values.backup,
    backupDir,
    databaseUrl: values['database-url'] || env.DATABASE_URL || undefined,
  })
  return `Restored backup ${values.backup} into ${dataDir}; what it replaced is in ${replacedDir}`
}
