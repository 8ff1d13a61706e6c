import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_STAFF } from '../src/server/seed'
import { signIn } from './appClient'
import { startBackend } from './backend'
import { measureRealtime } from './realtime'
import { buildApp } from './renderer'
import { bookingsListRequests, REALTIME } from './run'

/**
 * Issue 19's part of the bench alone, on PGlite with the demo data: the sustained load (10 connections,
 * `seconds` long) without and with 50 Realtime clients. Run it as scripts/bench.mjs runs bench/run.ts,
 * calling runRealtimeAlone instead of runBench.
 */
export async function runRealtimeAlone(argv: string[]): Promise<void> {
  const seconds = Number(argv[0] ?? 30)
  const root = new URL('..', import.meta.url).pathname
  const work = mkdtempSync(join(tmpdir(), 'innkeeper-bench-realtime-'))
  // Inside the project, so the built backend finds its packages (as bench/run.ts builds).
  const buildDir = join(root, 'node_modules', '.cache', 'innkeeper-bench-realtime')
  try {
    const build = await buildApp(root, buildDir)
    const backend = await startBackend({ serverJs: build.serverJs, dataDir: join(work, 'data'), demo: true })
    try {
      await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      const figures = await measureRealtime(backend, DEMO_STAFF, await bookingsListRequests(), {
        connections: 10,
        seconds,
        ...REALTIME,
      })
      console.log(JSON.stringify(figures, null, 2))
    } finally {
      await backend.stop()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
    rmSync(buildDir, { recursive: true, force: true })
  }
}
