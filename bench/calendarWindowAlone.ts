import { loadavg } from 'node:os'
import { onLargeBackendAlone } from './aloneBackend'
import { measureCalendarWindow } from './calendar'

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
  await onLargeBackendAlone(where, builtServerJs, 'calendar-window', async (desk, engine) => {
    const loadBefore = loadavg()
    const window = await measureCalendarWindow(desk, Number(runs))
    console.log(JSON.stringify({ engine, window, loadBefore, loadAfter: loadavg() }))
  })
}
