import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { localTimeZone, today } from '@shared/clock'
import { DEMO_STAFF } from '../src/server/seed'
import { signIn } from './appClient'
import { measureApp, type DeskDay } from './appFigures'
import { startBackend, type Backend } from './backend'
import { formatBreakdown } from './backendMemory'
import { sustainedLoad } from './load'
import { measureRealtime } from './realtime'
import { buildApp, builtApp } from './renderer'
import { bookingsListRequests, largeBackend, REALTIME } from './run'

/**
 * Issue 21's memory rows on PGlite alone, stage by stage, with where the memory is (smaps):
 * `node scripts/bench.mjs --memory [--built <out folder>] [--large <data folder>] [--node <flag>]…
 * [--env NAME=value]…`. The demo runs as run.ts's demoScale runs it (first run: the app's calls, the
 * sustained load, the same with Realtime clients; then restarted with 5 s of load); --large starts a
 * copy of a large property's folder as run.ts's largeScale does. --node and --env try a setting on
 * the backend process without changing the app. Writes nothing to results.json.
 */
export async function runMemoryBench(argv: string[]): Promise<void> {
  const desk: DeskDay = { today: today(), timeZone: localTimeZone() }
  const root = new URL('..', import.meta.url).pathname
  const built = option(argv, '--built')[0]
  const buildDir = built ?? join(root, 'node_modules', '.cache', 'innkeeper-bench-memory')
  const execArgv = option(argv, '--node')
  const env = Object.fromEntries(option(argv, '--env').map((pair) => pair.split(/=(.*)/s).slice(0, 2)))
  const work = mkdtempSync(join(tmpdir(), 'innkeeper-memory-'))
  const settings = { execArgv: execArgv.length ? execArgv : undefined, env }
  try {
    const build = built ? builtApp(built) : await buildApp(root, buildDir)
    mkdirSync(build.rendererDir, { recursive: true })
    log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; node ${execArgv.join(' ')}; env ${JSON.stringify(env)}`,
    )

    const dataDir = join(work, 'demo')
    mkdirSync(dataDir)
    const first = await startBackend({ serverJs: build.serverJs, dataDir, demo: true, ...settings })
    try {
      stage('demo, first run, ready', first)
      await signIn(first.url, first.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      await measureApp(desk, { runs: 40, obviousRuns: 0 })
      stage("demo, after the app's calls", first)
      await sustainedLoad(await bookingsListRequests(), { connections: 10, seconds: 30 })
      stage('demo, after 30 s of load', first)
      await measureRealtime(first, DEMO_STAFF, await bookingsListRequests(), {
        connections: 10,
        seconds: 30,
        ...REALTIME,
      })
      stage('demo, after the load with Realtime clients (the figure)', first)
    } finally {
      await first.stop()
    }
    const again = await startBackend({ serverJs: build.serverJs, dataDir, demo: true, ...settings })
    try {
      stage('demo, restarted, ready', again)
      await signIn(again.url, again.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      await sustainedLoad(await bookingsListRequests(), { connections: 10, seconds: 5 })
      stage('demo, restarted, after 5 s of load (the figure)', again)
    } finally {
      await again.stop()
    }

    const largeDir = option(argv, '--large')[0]
    if (largeDir) {
      const copy = join(work, 'large')
      cpSync(largeDir, copy, { recursive: true })
      const large = await largeBackend('pglite', build, copy, undefined, desk, false, settings)
      log(`500k, after its calls (the figure): ${formatBreakdown(large.memory.breakdown!)}`)
      log(
        `500k: ready ${large.readyMs.toFixed(0)} ms; dashboard p50 ${large.app.dashboard90.p50.toFixed(1)} ms`,
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

function stage(name: string, backend: Backend): void {
  const { breakdown, peakRssMb } = backend.memory()
  log(`${name}: ${formatBreakdown(breakdown)}; peak ${peakRssMb.toFixed(0)}`)
}

function option(argv: string[], name: string): string[] {
  return argv.flatMap((arg, i) => (arg === name && i + 1 < argv.length ? [argv[i + 1]] : []))
}

function log(message: string): void {
  console.log(`[memory ${new Date().toISOString().slice(11, 19)}] ${message}`)
}
