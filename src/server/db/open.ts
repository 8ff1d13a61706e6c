import { mkdir, rm, writeFile } from 'node:fs/promises'
import { hasPgliteCluster, pgliteDir, setUpMarker } from './clusterFolder'
import { unpackCluster } from './clusterTarball'
import { maintainAtStart, takeVacuumedAtClose } from './maintenance'
import { migrate } from './migrate'
import { openPglite } from './pglite'
import { syncTree, type SyncFile } from './pgliteDurability'
import { sharedBuffersMbFor } from './pgliteMemory'
import type { Database } from './types'

export interface OpenDatabaseOptions {
  /** The data folder; PGlite keeps its files in <dataDir>/pglite. */
  dataDir: string
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string
  /** A new PGlite cluster is unpacked from this migrated template (see template.ts) instead of initdb. */
  pgliteTemplate?: string
  /**
   * The caller goes on setting up a new cluster (the server seeds it) and calls finishSetUp itself;
   * by default a new cluster counts as set up once migrated.
   */
  setUpContinues?: boolean
  /** Durable PGlite commits through this sync (see openPglite); PostgreSQL syncs on its own. */
  syncFile?: SyncFile
}

/**
 * PGlite in the data folder, or PostgreSQL when databaseUrl is given: bootstrapped, migrated and, for
 * PGlite, vacuumed unless its last close did it (and analysed where statistics are missing).
 */
export async function openDatabase({
  dataDir,
  databaseUrl,
  pgliteTemplate,
  setUpContinues = false,
  syncFile,
}: OpenDatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    // node-postgres is loaded only here: about 0.1 s of every PGlite start otherwise.
    const { openPostgres } = await import('./postgres')
    return prepared(openPostgres(databaseUrl))
  }
  const pgdata = pgliteDir(dataDir)
  const sharedBuffersMb = sharedBuffersMbFor(pgdata)
  if (hasPgliteCluster(dataDir)) {
    const vacuum = !(await takeVacuumedAtClose(pgdata))
    return openExistingPglite(pgdata, sharedBuffersMb, syncFile, vacuum)
  }
  // Whatever is there is a set-up that did not finish: nothing of the desk's own is in it yet.
  await rm(pgdata, { recursive: true, force: true })
  await startSetUp(dataDir)
  let db: Database
  if (pgliteTemplate) {
    // A cluster shut down cleanly: it opens as any existing one, and runs the migrations it lacks.
    await unpackCluster(pgliteTemplate, pgdata)
    // Nothing synced its files: synced while PGlite starts, and before the set-up can count as done.
    const synced = syncFile ? syncTree(pgdata, syncFile) : Promise.resolve()
    synced.catch(() => {})
    db = await openExistingPglite(pgdata, sharedBuffersMb, syncFile)
    await synced.catch(async (error: unknown) => {
      await db.close()
      throw error
    })
  } else {
    db = await prepared(await openPglite({ dataDir: pgdata, sharedBuffersMb, syncFile }))
  }
  if (!setUpContinues) await finishSetUp(dataDir)
  return db
}

/**
 * pgcrypto is loaded only where the bootstrap creates the extension (initdb's new cluster): on an
 * existing one `create extension if not exists` finds it in the catalog without its files.
 */
async function openExistingPglite(
  pgdata: string,
  sharedBuffersMb: number,
  syncFile: SyncFile | undefined,
  vacuum = true,
): Promise<Database> {
  try {
    return await prepared(
      await openPglite({ dataDir: pgdata, sharedBuffersMb, pgcrypto: false, syncFile }),
      vacuum,
    )
  } catch (error) {
    // A migration that calls pgcrypto (none does today) gets it on a second try.
    if (!String(error).includes('pgcrypto')) throw error
    return prepared(await openPglite({ dataDir: pgdata, sharedBuffersMb, syncFile }), vacuum)
  }
}

/**
 * Marks the data folder as being set up (cluster, migrations, the server's demo seed, or a restore)
 * until finishSetUp: a set-up cut short (quit, power cut, crash) leaves the mark, and the next open
 * creates the cluster again instead of opening a half-made one.
 */
export async function startSetUp(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  await writeFile(setUpMarker(dataDir), 'A first start is setting up this data folder.\n')
}

export async function finishSetUp(dataDir: string): Promise<void> {
  await rm(setUpMarker(dataDir), { force: true })
}

/** Bootstrapped, migrated and (PGlite) maintained; closed again when that fails. */
async function prepared(db: Database, vacuum = true): Promise<Database> {
  try {
    await migrate(db)
    await maintainAtStart(db, { vacuum })
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
