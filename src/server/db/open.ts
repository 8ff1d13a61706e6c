import { join } from 'node:path'
import { maintainDatabase } from './maintenance'
import { migrate } from './migrate'
import { openPglite } from './pglite'
import { openPostgres } from './postgres'
import type { Database } from './types'

export interface OpenDatabaseOptions {
  /** The data folder; PGlite keeps its files in <dataDir>/pglite. */
  dataDir: string
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string
}

/**
 * PGlite in the data folder, or PostgreSQL when databaseUrl is given: bootstrapped, migrated and, for
 * PGlite, vacuumed and analysed.
 */
export async function openDatabase({ dataDir, databaseUrl }: OpenDatabaseOptions): Promise<Database> {
  const db = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir: pgliteDir(dataDir) })
  try {
    await migrate(db)
    await maintainDatabase(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}
