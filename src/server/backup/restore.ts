import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { lockDataDir } from '../dataDirLock'
import { pgliteDir, setUpMarker } from '../db/clusterFolder'
import { finishSetUp, startSetUp } from '../db/open'
import { openPglite } from '../db/pglite'
import { fsyncFile } from '../db/pgliteDurability'
import { backupName, backupsDir, isBackupName, listBackups } from './names'
import { pgRestore } from './postgresTools'
import { IMAGES_DIR, MANIFEST_FILE, PGLITE_FILE, POSTGRES_FILE, type BackupManifest } from './snapshot'

export interface RestoreOptions {
  dataDir: string
  /** The backup folder's name, e.g. '2026-06-15T03-04-05-678Z'. */
  backup: string
  /** The backups folder the server was given (INNKEEPER_BACKUP_DIR); default <dataDir>/backups. */
  backupDir?: string
  /** Where a PostgreSQL backup goes back to (the server's DATABASE_URL). */
  databaseUrl?: string
  now?: () => number
}

export interface RestoreResult {
  manifest: BackupManifest
  /** The database files and images the restore replaced, kept until someone deletes them. */
  replacedDir: string
}

/**
 * Puts a backup back: its database and its images replace the current ones. Refuses while a server
 * holds the data folder (server.lock), because PGlite files must never have two writers. What was
 * replaced is moved aside rather than deleted, so a restore of the wrong backup can be undone.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir } = options
  if (!(await exists(dataDir))) throw new Error(`There is no data folder at ${dataDir}`)
  const unlock = await lockDataDir(dataDir)
  try {
    const source = await findBackup(backupsDir(dataDir, options.backupDir), options.backup)
    const manifest = JSON.parse(await readFile(join(source, MANIFEST_FILE), 'utf8')) as BackupManifest
    checkTarget(manifest, options.databaseUrl)

    const replacedDir = join(dataDir, `replaced-by-restore-${backupName((options.now ?? Date.now)())}`)
    await mkdir(replacedDir, { recursive: true, mode: 0o700 })
    const moved: [string, string][] = []
    const setUpWasCutShort = await exists(setUpMarker(dataDir))
    const moveAside = async (path: string, name: string) => {
      if (!(await exists(path))) return
      await rename(path, join(replacedDir, name))
      moved.push([join(replacedDir, name), path])
    }
    try {
      if (manifest.database === 'pglite') {
        await moveAside(pgliteDir(dataDir), 'pglite')
        // Marked while it loads, so a restore cut short is never opened as a database.
        await startSetUp(dataDir)
        await loadPglite(join(source, PGLITE_FILE), pgliteDir(dataDir))
        await finishSetUp(dataDir)
      } else if (manifest.database === 'postgres') {
        await pgRestore(options.databaseUrl!, join(source, POSTGRES_FILE))
      }
      await moveAside(join(dataDir, IMAGES_DIR), IMAGES_DIR)
      if (await exists(join(source, IMAGES_DIR))) {
        await cp(join(source, IMAGES_DIR), join(dataDir, IMAGES_DIR), { recursive: true })
      }
    } catch (error) {
      // Put back what was moved, so a failed restore leaves the folder as it found it.
      for (const [aside, original] of moved.reverse()) {
        await rm(original, { recursive: true, force: true })
        await rename(aside, original)
      }
      if (!setUpWasCutShort) await finishSetUp(dataDir)
      throw error
    }
    return { manifest, replacedDir }
  } finally {
    await unlock()
  }
}

async function findBackup(dir: string, name: string): Promise<string> {
  const available = await listBackups(dir)
  if (!isBackupName(name) || !available.includes(name)) {
    const list = available.length ? available.join(', ') : 'none'
    throw new Error(`No backup named "${name}" in ${dir} (available: ${list})`)
  }
  return join(dir, name)
}

function checkTarget(manifest: BackupManifest, databaseUrl: string | undefined): void {
  if (manifest.database === 'pglite' && databaseUrl) {
    throw new Error('This backup holds a PGlite database; restore it without a database URL')
  }
  if (manifest.database === 'postgres' && !databaseUrl) {
    throw new Error('This backup holds a PostgreSQL dump; pass --database-url (or set DATABASE_URL)')
  }
}

/**
 * PGlite unpacks a tarball into an empty data folder when it opens it; closing leaves the files, synced
 * to disk (the server's later opens sync only what PostgreSQL writes).
 */
async function loadPglite(file: string, target: string): Promise<void> {
  const tarball = await promisify(gunzip)(await readFile(file))
  const db = await openPglite({ dataDir: target, loadDataDir: new Blob([tarball]), syncFile: fsyncFile })
  await db.close()
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
