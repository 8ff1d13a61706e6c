import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { localTimeZone, today } from '@shared/clock'
import type { DeskDay } from './appFigures'
import { startBackend } from './backend'
import { buildApp, builtApp } from './renderer'
import { Databases, demoScale, largeBackend } from './run'
import { percentile } from './stats'

/**
 * Issue 21's start-up and memory rows on PGlite alone, the way `npm run bench` takes them, for work on
 * them without the whole bench: `node scripts/bench.mjs --boot [--runs N] [--large <data folder>] [--built <out folder>]` (--built: a
 * build made already, e.g. `electron-vite build --outDir <out folder>`, instead of building one).
 * Ready: N first runs with the demo seed, each on a fresh folder, and N starts on the existing data.
 * Memory: the demo's first run after its load and again restarted (run.ts's demoScale), and with
 * --large, a copy of a large property's data folder (the bench's own, built once by
 * buildLargeProperty), started and closed once, then started and used as run.ts's largeScale uses
 * it. Writes nothing to results.json.
 */
export async function runBootBench(argv: string[]): Promise<void> {
  const runs = Number(option(argv, '--runs') ?? 5)
  const largeDir = option(argv, '--large')
  const desk: DeskDay = { today: today(), timeZone: localTimeZone() }
  const root = new URL('..', import.meta.url).pathname
  const built = option(argv, '--built')
  const buildDir = built ?? join(root, 'node_modules', '.cache', 'innkeeper-bench-boot')
  const work = mkdtempSync(join(tmpdir(), 'innkeeper-boot-'))
  try {
    if (!built) log(`Building the app into ${buildDir}`)
    const build = built ? builtApp(built) : await buildApp(root, buildDir)
    // The demo's backend serves the renderer's folder; a build of main alone has none (nothing here loads a page).
    mkdirSync(build.rendererDir, { recursive: true })
    log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    )
    const firstRun: number[] = []
    const existing: number[] = []
    for (let run = 0; run < runs; run++) {
      const dataDir = join(work, `ready-${run}`)
      mkdirSync(dataDir)
      firstRun.push(await readyMs(build.serverJs, dataDir))
      existing.push(await readyMs(build.serverJs, dataDir))
      rmSync(dataDir, { recursive: true, force: true })
    }
    log(`ready, first run with the demo seed, ms: ${summary(firstRun)}`)
    log(`ready, existing demo data, ms: ${summary(existing)}`)

    const demo = await demoScale('pglite', build, work, desk, new Databases(undefined), false)
    log(
      `demo RSS after its load: first run ${demo.results.memory.rssMb.toFixed(0)} MB, restarted ` +
        `${demo.results.restartMemory.rssMb.toFixed(0)} MB (ready ${demo.results.readyFirstRunMs.toFixed(0)} / ` +
        `${demo.results.readyExistingMs.toFixed(0)} ms)`,
    )

    if (largeDir) {
      const dataDir = join(work, 'large')
      cpSync(largeDir, dataDir, { recursive: true })
      // A folder built by a script may lack the mark the app's close leaves (db/maintenance.ts); a
      // start and a close first, unmeasured, make the measured start one after the app was quit.
      await (await startBackend({ serverJs: build.serverJs, dataDir, demo: false })).stop()
      const large = await largeBackend('pglite', build, dataDir, undefined, desk, false)
      log(
        `500k: ready ${large.readyMs.toFixed(0)} ms, RSS after its calls ${large.memory.rssMb.toFixed(0)} MB`,
      )
    }
    log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
    if (!built) rmSync(buildDir, { recursive: true, force: true })
  }
}

/** One start of the built backend on dataDir, as run.ts times it (a first run: any restart it asks for). */
async function readyMs(serverJs: string, dataDir: string): Promise<number> {
  const backend = await startBackend({ serverJs, dataDir, demo: true })
  await backend.stop()
  return backend.readyMs
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(0)}, all ${values.map((v) => v.toFixed(0)).join(' ')}`
}

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name)
  return at >= 0 ? argv[at + 1] : undefined
}

function log(message: string): void {
  console.log(`[boot ${new Date().toISOString().slice(11, 19)}] ${message}`)
}
