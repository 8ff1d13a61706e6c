import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { maintainAtStart } from './maintenance'
import { migrate } from './migrate'
import { openPglite } from './pglite'
import { sharedBuffersMbFor } from './pgliteMemory'
import { openPostgres } from './postgres'
import type { Database } from './types'

export interface OpenDatabaseOptions {
  /** The data folder; PGlite keeps its files in <dataDir>/pglite. */
  dataDir: string
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string
  /** A new PGlite cluster starts from this migrated template (see template.ts) instead of initdb. */
  pgliteTemplate?: string
}

/**
 * PGlite in the data folder, or PostgreSQL when databaseUrl is given: bootstrapped, migrated and, for
 * PGlite, vacuumed (and analysed where statistics are missing).
 */
export async function openDatabase({
  dataDir,
  databaseUrl,
  pgliteTemplate,
}: OpenDatabaseOptions): Promise<Database> {
  if (databaseUrl) return prepared(openPostgres(databaseUrl))
  const pgdata = pgliteDir(dataDir)
  const sharedBuffersMb = sharedBuffersMbFor(pgdata)
  if (!hasPgliteCluster(dataDir)) {
    // Migrations the template does not have yet (none, when it comes from the same build) run after.
    const loadDataDir = pgliteTemplate ? new Blob([await readFile(pgliteTemplate)]) : undefined
    return prepared(await openPglite({ dataDir: pgdata, sharedBuffersMb, loadDataDir }))
  }
  try {
    // pgcrypto is loaded for a new cluster only, whose bootstrap creates the extension: on an
    // existing one `create extension if not exists` finds it in the catalog without its files.
    return await prepared(await openPglite({ dataDir: pgdata, sharedBuffersMb, pgcrypto: false }))
  } catch (error) {
    // A migration that calls pgcrypto (none does today) gets it on a second try.
    if (!String(error).includes('pgcrypto')) throw error
    return prepared(await openPglite({ dataDir: pgdata, sharedBuffersMb }))
  }
}

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}

/** Whether the data folder holds a PGlite cluster already (PGlite's own test: runs initdb without it). */
export function hasPgliteCluster(dataDir: string): boolean {
  return existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))
}

/** Bootstrapped, migrated and (PGlite) vacuumed; closed again when that fails. */
async function prepared(db: Database): Promise<Database> {
  try {
    await migrate(db)
    await maintainAtStart(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
