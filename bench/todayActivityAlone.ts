import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { localTimeZone, today } from '@shared/clock'
import { DEMO_STAFF } from '../src/server/seed'
import { signIn } from './appClient'
import { measureApp } from './appFigures'
import { startBackend } from './backend'
import { RUNS } from './run'
import { buildApp } from './renderer'

/**
 * Issue 21's "today's activity, 500k" row alone, `repeats` times on one backend: each repeat is
 * measureApp as bench/run.ts takes it (the dashboard, list and detail series before the today series,
 * as in the full run), so a row that misses its goal one run in a few shows how often. On a property
 * built beforehand (buildLargeProperty, today's date) in a PGlite data folder or a PostgreSQL database.
 * Run it as scripts/bench.mjs runs bench/run.ts, calling runTodayActivityAlone instead of runBench,
 * with `<data folder | postgres:// URL> [repeats] [server.js]`. The backend migrates what it opens:
 * point it at a copy. Without a server.js the app is built first.
 */
export async function runTodayActivityAlone(argv: string[]): Promise<void> {
  const [where, repeats = '5', builtServerJs] = argv
  if (!where) throw new Error('Usage: <PGlite data folder | postgres:// URL> [repeats] [server.js]')
  const databaseUrl = /^postgres(ql)?:\/\//.test(where) ? where : undefined
  const root = new URL('..', import.meta.url).pathname
  const buildDir = join(root, 'node_modules', '.cache', 'innkeeper-bench-today-activity')
  // PostgreSQL's backend still wants a data folder of its own (its keys and lock).
  const scratch = databaseUrl ? mkdtempSync(join(tmpdir(), 'innkeeper-bench-today-')) : undefined
  try {
    const serverJs = builtServerJs ?? (await buildApp(root, buildDir)).serverJs
    const backend = await startBackend({ serverJs, dataDir: scratch ?? where, databaseUrl, demo: false })
    try {
      await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      const desk = { today: today(), timeZone: localTimeZone() }
      for (let repeat = 0; repeat < Number(repeats); repeat++) {
        const loadBefore = loadavg()
        const { todayActivity, period } = await measureApp(desk, { runs: RUNS, obviousRuns: 0 })
        console.log(
          JSON.stringify({
            engine: databaseUrl ? 'postgres' : 'pglite',
            repeat,
            todayActivity,
            rows: period.todayActivities,
            loadBefore,
            loadAfter: loadavg(),
          }),
        )
      }
    } finally {
      await backend.stop()
    }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
    if (!builtServerJs) rmSync(buildDir, { recursive: true, force: true })
  }
}
