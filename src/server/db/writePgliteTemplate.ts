// Build step (electron.vite.config.ts runs this file's build once the main bundle is written): writes
// the migrated cluster template beside the built server, with the migrations and PGlite of this build.
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createMigratedCluster, PGLITE_TEMPLATE_FILE } from './template'

const target = join(dirname(fileURLToPath(import.meta.url)), PGLITE_TEMPLATE_FILE)
const template = await createMigratedCluster('gzip')
await writeFile(target, new Uint8Array(await template.arrayBuffer()))
