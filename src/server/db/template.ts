import { migrate } from './migrate'
import { openPglite } from './pglite'

/**
 * The migrated cluster a build writes beside the built server (out/main), gzipped (~5 MB): a first
 * start loads it instead of running PGlite's initdb and every migration (about 2 s less).
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz'

/** A new in-memory cluster, bootstrapped and migrated, as a tarball for PGlite's loadDataDir. */
export async function createMigratedCluster(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const db = await openPglite()
  try {
    await migrate(db)
    return await db.dumpDataDir(compression)
  } finally {
    await db.close()
  }
}
