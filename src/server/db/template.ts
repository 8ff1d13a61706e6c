import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { packCluster } from './clusterTarball'
import { migrate } from './migrate'
import { openPglite } from './pglite'

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

/**
 * Writes the template: a new cluster, bootstrapped, migrated and shut down cleanly, packed by
 * clusterTarball. Shut down, it opens as any closed cluster does; a copy of a running one (what
 * dumpDataDir makes) would first be recovered as after a crash, which syncs every file of it.
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'innkeeper-template-'))
  try {
    const db = await openPglite({ dataDir: join(dir, 'pglite') })
    try {
      await migrate(db)
    } finally {
      await db.close()
    }
    await writeFile(file, await packCluster(join(dir, 'pglite')))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
