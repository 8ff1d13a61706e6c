import { existsSync } from 'node:fs'
import { join } from 'node:path'

/*
 * Where a data folder keeps its PGlite cluster, and whether one is there. Only node: imports: the
 * process entry reads these before it loads PGlite and the server (entry.ts).
 */

/**
 * The migrated cluster a build writes beside the built server (out/main), gzipped (~5 MB; template.ts):
 * a first start unpacks it instead of running PGlite's initdb and every migration (about 2 s less).
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz'

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}

/**
 * Whether the data folder holds a finished PGlite cluster: PGlite's own test (it runs initdb without
 * PG_VERSION), and no set-up under way or cut short (see open.ts, startSetUp).
 */
export function hasPgliteCluster(dataDir: string): boolean {
  return existsSync(join(pgliteDir(dataDir), 'PG_VERSION')) && !existsSync(setUpMarker(dataDir))
}

export function setUpMarker(dataDir: string): string {
  return join(dataDir, 'setting-up')
}
