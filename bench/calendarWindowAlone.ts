import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { localTimeZone, today } from '@shared/clock'
import { DEMO_STAFF } from '../src/server/seed'
import { signIn } from './appClient'
import { startBackend } from './backend'
import { measureCalendarWindow } from './calendar'
import { buildApp } from './renderer'

/**
 * Issue 17's request figure alone: the 31-day window at the large property, measured as bench/run.ts
 * measures it, on a property built beforehand (by buildLargeProperty, with today's date) in a PGlite
 * data folder or a PostgreSQL database. Run it as scripts/bench.mjs runs bench/run.ts, calling
 * runCalendarWindowAlone instead of runBench, with `<data folder | postgres:// URL> [runs] [server.js]`.
 * The data is migrated by the backend as it opens it: point it at a copy. Without a server.js the app
 * is built first.
 */
export async function runCalendarWindowAlone(argv: string[]): Promise<void> {
  const [where, runs = '40', builtServerJs] = argv
  if (!where) throw new Error('Usage: <PGlite data folder | postgres:// URL> [runs] [server.js]')
  const databaseUrl = /^postgres(ql)?:\/\//.test(where) ? where : undefined
  const root = new URL('..', import.meta.url).pathname
  const buildDir = join(root, 'node_modules', '.cache', 'innkeeper-bench-calendar-window')
  // PostgreSQL's backend still wants a data folder of its own (its keys and lock).
  const scratch = databaseUrl ? mkdtempSync(join(tmpdir(), 'innkeeper-bench-calendar-')) : undefined
  try {
    const serverJs = builtServerJs ?? (await buildApp(root, buildDir)).serverJs
    const backend = await startBackend({ serverJs, dataDir: scratch ?? where, databaseUrl, demo: false })
    try {
      await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      const loadBefore = loadavg()
      const window = await measureCalendarWindow({ today: today(), timeZone: localTimeZone() }, Number(runs))
      console.log(
        JSON.stringify({
          engine: databaseUrl ? 'postgres' : 'pglite',
          window,
          loadBefore,
          loadAfter: loadavg(),
        }),
      )
    } finally {
      await backend.stop()
    }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
    if (!builtServerJs) rmSync(buildDir, { recursive: true, force: true })
  }
}
