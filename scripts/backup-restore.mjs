// Restores a backup of the data folder: npm run backup:restore -- --data-dir <dir> --backup <name>
// (--list shows the backups). Stop the server first; the restore refuses while it holds the folder.
import { importTs } from './lib/importTs.mjs'

try {
  const { runBackupRestore } = await importTs('src/server/backup/restoreCli.ts')
  console.log(await runBackupRestore(process.argv.slice(2)))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
