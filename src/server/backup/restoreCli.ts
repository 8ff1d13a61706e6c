/**
 * `npm run backup:restore -- --data-dir <dir> --backup <name>` puts a backup of the data folder back;
 * `--list` shows the backups there. The server must be stopped. A PostgreSQL backup goes back to
 * --database-url (default DATABASE_URL) and needs pg_restore on PATH.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { listBackups } from './names'
import { restoreBackup } from './restore'

const USAGE =
  'Usage: npm run backup:restore -- [--data-dir <dir>] --backup <name> [--database-url <url>]\n' +
  '       npm run backup:restore -- [--data-dir <dir>] --list'

export async function runBackupRestore(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      backup: { type: 'string' },
      'database-url': { type: 'string' },
      list: { type: 'boolean' },
    },
    strict: true,
  })
  const dataDir = resolve(values['data-dir'] || env.INNKEEPER_DATA_DIR || '.innkeeper')
  if (values.list) {
    const backups = await listBackups(dataDir)
    return backups.length ? backups.join('\n') : `No backups in ${dataDir}`
  }
  if (!values.backup) throw new Error(USAGE)
  const { replacedDir } = await restoreBackup({
    dataDir,
    backup: values.backup,
    databaseUrl: values['database-url'] || env.DATABASE_URL || undefined,
  })
  return `Restored backup ${values.backup} into ${dataDir}; what it replaced is in ${replacedDir}`
}
