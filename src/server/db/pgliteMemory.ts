import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** shared_buffers bounds, MB. */
export const MIN_SHARED_BUFFERS_MB = 8
export const MAX_SHARED_BUFFERS_MB = 112

/**
 * PGlite's shared_buffers for the cluster in `pgdata`, sized to its data at each start: half of the
 * files of the app's database, between 8 and 112 MB. PGlite touches the whole of its shared memory
 * when it starts (its mmap is a zeroed malloc) and keeps it for good, so the demo business (10 MB of
 * files, most of them the catalog) gets 8 MB, while a large property gets 112: its reads past the
 * buffers go to the OS page cache, one system call per 8 kB page, which costs its busiest lists and
 * the dashboard. 112 rather than PostgreSQL's default 128 keeps 500 000 bookings under 300 MB of
 * memory (16 MB less, for good); the window and today's activity there took no longer in A/B runs.
 * A new cluster (no base/ yet) starts at the minimum.
 */
export function sharedBuffersMbFor(pgdata: string): number {
  const halfMb = Math.ceil(appDatabaseBytes(pgdata) / 2 / 2 ** 20)
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, halfMb))
}

/** From this size of the app's database files, PGlite's WebAssembly is optimised (optimisesWasmFor). */
export const OPTIMISED_WASM_FROM_MB = 256

/**
 * Whether V8 should optimise PGlite's hot WebAssembly (TurboFan) for the cluster in `pgdata`, or run
 * all of it as its baseline compiler (Liftoff) compiles it. Optimised, PostgreSQL's own work costs
 * 30-40 % less CPU (the 500k dashboard and calendar window: 20-21 ms against 27-29 ms per call), but
 * the process keeps 25-35 MB more for good: compiling PostgreSQL's largest functions
 * (standard_ProcessUtility, raw_parser, nodeRead, 26-42 MB of compiler memory each) leaves that much
 * fragmented in malloc's arenas, and the compiles take seconds of CPU in the backend's first minute.
 * A property whose database is small spends little of a request in PostgreSQL, so it is left
 * unoptimised, below 256 MB of files in the app's database (the demo has 10; 500 000 bookings, 1 GB).
 */
export function optimisesWasmFor(pgdata: string): boolean {
  return appDatabaseBytes(pgdata) >= OPTIMISED_WASM_FROM_MB * 2 ** 20
}

/**
 * The files of the database PGlite opens, `postgres`, under base/ with the OID initdb fixes (since
 * PostgreSQL 15). The two templates beside it (7 MB each, never read) are a copy of what it started
 * from, so it is also the largest. Only its ~350 files' sizes are read, instead of all ~1 000
 * (the demo: 36 → 22 ms of CPU at every start, on a loaded 2-core machine).
 */
function appDatabaseBytes(pgdata: string): number {
  return filesBytes(join(pgdata, 'base', '5'))
}

function filesBytes(dir: string): number {
  let bytes = 0
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) bytes += filesBytes(path)
    else if (entry.isFile()) bytes += statSync(path, { throwIfNoEntry: false })?.size ?? 0
  }
  return bytes
}
