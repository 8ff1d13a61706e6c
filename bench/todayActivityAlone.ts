import { loadavg } from 'node:os'
import { onLargeBackendAlone } from './aloneBackend'
import { measureApp } from './appFigures'
import { RUNS } from './run'

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
  await onLargeBackendAlone(where, builtServerJs, 'today-activity', async (desk, engine) => {
    for (let repeat = 0; repeat < Number(repeats); repeat++) {
      const loadBefore = loadavg()
      const { todayActivity, period } = await measureApp(desk, { runs: RUNS, obviousRuns: 0 })
      const rows = period.todayActivities
      console.log(JSON.stringify({ engine, repeat, todayActivity, rows, loadBefore, loadAfter: loadavg() }))
    }
  })
}
