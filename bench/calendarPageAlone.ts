import { loadavg } from 'node:os'
import { join } from 'node:path'
import { startBackend } from './backend'
import { measureCalendarPage } from './calendar'
import { builtApp, buildApp } from './renderer'

/**
 * Issue 17's Chromium figures alone (the 31-day calendar of 500 cabins drawn, then scrolled through
 * every row), measured as bench/run.ts measures them, on a large property built beforehand (by
 * buildLargeProperty, with today's date) in a PGlite data folder. Run it as scripts/bench.mjs runs
 * bench/run.ts, calling runCalendarPageAlone instead of runBench, with
 * `<data folder> [runs] [built app folder]`. The data is migrated by the backend as it opens it: point
 * it at a copy. Without a built app (electron-vite's out folder) the app is built first.
 */
export async function runCalendarPageAlone(argv: string[]): Promise<void> {
  const [dataDir, runs = '7', builtDir] = argv
  if (!dataDir) throw new Error('Usage: <PGlite data folder> [runs] [built app folder]')
  const root = new URL('..', import.meta.url).pathname
  const build = builtDir
    ? builtApp(builtDir)
    : await buildApp(root, join(root, 'node_modules', '.cache', 'innkeeper-bench-calendar-page'))
  const backend = await startBackend({
    serverJs: build.serverJs,
    dataDir,
    staticDir: build.rendererDir,
    demo: false,
  })
  try {
    const loadBefore = loadavg()
    const page = await measureCalendarPage(backend.url, Number(runs))
    console.log(JSON.stringify({ ...page, loadBefore, loadAfter: loadavg() }))
  } finally {
    await backend.stop()
  }
}
