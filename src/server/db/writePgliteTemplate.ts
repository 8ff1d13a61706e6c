// Build step (electron.vite.config.ts runs this file's build once the main bundle is written): writes
// the migrated cluster template beside the built server, with the migrations and PGlite of this build.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGLITE_TEMPLATE_FILE } from './clusterFolder'
import { writePgliteTemplate } from './template'

await writePgliteTemplate(join(dirname(fileURLToPath(import.meta.url)), PGLITE_TEMPLATE_FILE))
