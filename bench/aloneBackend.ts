import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { localTimeZone, today } from '@shared/clock'
import { DEMO_STAFF } from '../src/server/seed'
import { signIn } from './appClient'
import { startBackend } from './backend'
import type { DeskDay } from './appFigures'
import { buildApp } from './renderer'

/**
 * For a figure taken alone on a property built beforehand (buildLargeProperty, today's date): the
 * built backend started on `where` (a PGlite data folder or a postgres:// URL), staff signed in, then
 * `measure` with the desk's day; the backend stopped after. Without `builtServerJs` the app is built
 * first, into a folder named for `label`, and removed after. The backend migrates what it opens: point
 * it at a copy.
 */
export async function onLargeBackendAlone(
  where: string,
  builtServerJs: string | undefined,
  label: string,
  measure: (desk: DeskDay, engine: 'pglite' | 'postgres') => Promise<void>,
): Promise<void> {
  const databaseUrl = /^postgres(ql)?:\/\//.test(where) ? where : undefined
  const root = new URL('..', import.meta.url).pathname
  const buildDir = join(root, 'node_modules', '.cache', `innkeeper-bench-${label}`)
  // PostgreSQL's backend still wants a data folder of its own (its keys and lock).
  const scratch = databaseUrl ? mkdtempSync(join(tmpdir(), `innkeeper-bench-${label}-`)) : undefined
  try {
    const serverJs = builtServerJs ?? (await buildApp(root, buildDir)).serverJs
    const backend = await startBackend({ serverJs, dataDir: scratch ?? where, databaseUrl, demo: false })
    try {
      await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      await measure({ today: today(), timeZone: localTimeZone() }, databaseUrl ? 'postgres' : 'pglite')
    } finally {
      await backend.stop()
    }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
    if (!builtServerJs) rmSync(buildDir, { recursive: true, force: true })
  }
}
