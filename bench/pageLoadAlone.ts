import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBackend } from './backend'
import { buildApp, builtApp, dashboardPageLoad } from './renderer'

/**
 * Issue 21's page-load figure alone: the demo backend serving the built renderer, and
 * dashboardPageLoad as bench/run.ts takes it. Run it as scripts/bench.mjs runs bench/run.ts, calling
 * runPageLoadAlone instead of runBench, with `[runs] [built out folder]`; without a folder the app is
 * built first.
 */
export async function runPageLoadAlone(argv: string[]): Promise<void> {
  const [runs = '7', builtOut] = argv
  const root = new URL('..', import.meta.url).pathname
  const buildDir = join(root, 'node_modules', '.cache', 'innkeeper-bench-page-load')
  const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-bench-page-load-'))
  try {
    const build = builtOut ? builtApp(builtOut) : await buildApp(root, buildDir)
    const backend = await startBackend({
      serverJs: build.serverJs,
      dataDir,
      demo: true,
      staticDir: build.rendererDir,
    })
    try {
      const loadBefore = loadavg()
      const pageLoad = await dashboardPageLoad(backend.url, Number(runs))
      console.log(JSON.stringify({ pageLoad, loadBefore, loadAfter: loadavg() }))
    } finally {
      await backend.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (!builtOut) rmSync(buildDir, { recursive: true, force: true })
  }
}
