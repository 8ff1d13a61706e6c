import { cp, mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { PgliteDatabase } from '../db/pglite'
import type { Database } from '../db/types'
import type { Logger } from '../http/log'
import { freshBackupName, PARTIAL_SUFFIX } from './names'
import { pgDump, ToolMissingError } from './postgresTools'

export const MANIFEST_FILE = 'manifest.json'
export const PGLITE_FILE = 'database.tar.gz'
export const POSTGRES_FILE = 'database.pgdump'
export const IMAGES_DIR = 'storage'

export interface BackupManifest {
  format: 1
  createdAt: string
  /** What the database part holds; 'none' when PostgreSQL could not be dumped (see note). */
  database: 'pglite' | 'postgres' | 'none'
  images: number
  note?: string
}

export interface BackupSource {
  dataDir: string
  db: Database
  /** The PostgreSQL server of `db`, for pg_dump. */
  databaseUrl?: string
  /** Stops stored files from being deleted until the returned release (see FileStore.holdRemovals). */
  holdRemovals(): () => Promise<void>
  now(): number
  logger: Logger
}

export interface Backup {
  name: string
  dir: string
  manifest: BackupManifest
}

/**
 * One consistent backup: the database as of one moment, and every stored image any row of that
 * moment refers to. The database is copied first while removals of stored files wait, so an image
 * deleted or replaced right after the snapshot is still there to be copied. The folder only gets its
 * real name once complete; a process killed halfway leaves a '.partial' folder that pruning removes.
 */
export async function createBackup(source: BackupSource, root: string): Promise<Backup> {
  await mkdir(root, { recursive: true, mode: 0o700 })
  const name = await freshBackupName(root, source.now())
  const partial = join(root, name + PARTIAL_SUFFIX)
  await mkdir(partial, { mode: 0o700 })
  try {
    const release = source.holdRemovals()
    let database: Pick<BackupManifest, 'database' | 'note'>
    let images: number
    try {
      database = await dumpDatabase(source, partial)
      images = await copyImages(join(source.dataDir, IMAGES_DIR), join(partial, IMAGES_DIR))
    } finally {
      await release()
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date(source.now()).toISOString(),
      ...database,
      images,
    }
    await writeDurably(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n')
    const dir = join(root, name)
    await rename(partial, dir)
    return { name, dir, manifest }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

async function dumpDatabase(
  source: BackupSource,
  target: string,
): Promise<Pick<BackupManifest, 'database' | 'note'>> {
  const { db } = source
  if (db.kind === 'pglite') {
    const dump = (db as Partial<PgliteDatabase>).dumpDataDir
    if (!dump) throw new Error('this PGlite database cannot be dumped')
    // dumpDataDir holds PGlite's query lock only while it copies the files; compressing happens after,
    // on libuv's thread pool, so requests are not held up by it.
    const tarball = Buffer.from(await (await dump()).arrayBuffer())
    await writeDurably(join(target, PGLITE_FILE), await promisify(gzip)(tarball))
    return { database: 'pglite' }
  }
  if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL')
  try {
    await pgDump(source.databaseUrl, join(target, POSTGRES_FILE))
    return { database: 'postgres' }
  } catch (error) {
    if (!(error instanceof ToolMissingError)) throw error
    const note =
      'pg_dump was not found on PATH, so this backup holds the images only; back the PostgreSQL ' +
      'database up with its own tools'
    source.logger.info('backup without database', { note })
    return { database: 'none', note }
  }
}

/** Copies the stored files (skipping half-written '.partial' ones); returns how many were copied. */
async function copyImages(from: string, to: string): Promise<number> {
  const exists = await readdir(from).then(
    () => true,
    () => false,
  )
  if (!exists) return 0
  await cp(from, to, { recursive: true, filter: (path) => !path.endsWith(PARTIAL_SUFFIX) })
  const entries = await readdir(to, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).length
}

/** A backup must be on disk, not in the page cache, before it counts. */
async function writeDurably(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'w', 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}
