/**
 * Process entry of the embedded backend: Electron runs it in a utilityProcess, web mode (scripts/web.mjs)
 * imports it in plain Node, tests may fork it. Settings come from the environment:
 *   INNKEEPER_DATA_DIR   data folder (default ./.innkeeper)
 *   PORT                 default 4173; 0 picks a free port (the data folder's last one when free)
 *   HOST                 default 127.0.0.1; 0.0.0.0 serves the local network
 *   DATABASE_URL         PostgreSQL instead of PGlite
 *   INNKEEPER_DEMO=0     no demo seed on an empty database
 *   INNKEEPER_STATIC_DIR the built renderer to serve (default: out/renderer beside this build)
 *   INNKEEPER_LOG=0      no logs at all
 *   INNKEEPER_REQUEST_LOG=0  errors and events only, no line per request
 *   INNKEEPER_BACKUPS=0  no backups (default: at start and every 24 hours into <data folder>/backups)
 *   INNKEEPER_BACKUP_DIR the folder backups go to (default <data folder>/backups), e.g. on another disk
 *   INNKEEPER_DURABLE=0  PGlite commits without syncing to disk (faster; a power cut may lose the last ones)
 *   INNKEEPER_OWNER_SETUP=1  set by the desktop app on a real data folder: while there is no staff, the
 *                        first run creates the owner (auth/owner.ts)
 *   INNKEEPER_DEMO_DATA=1  set by the desktop app on its demo folder: the app says so on every screen
 *   INNKEEPER_DESKTOP=1  set by the desktop app, which holds its single-instance lock: a lock an
 *                        earlier desktop backend left in the data folder is stale (see dataDirLock.ts)
 *   INNKEEPER_DEMO_TODAY YYYY-MM-DD: the day the demo seed lays its bookings around (default: the desk's
 *                        today); end-to-end runs pin it to the day they freeze the browser's clock on
 *   INNKEEPER_RESTART_AFTER_SETUP=1  set by a parent that starts this process again after it created a
 *                        new data folder without the build's template (see @shared/backendProtocol)
 */
import { existsSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { RESTART_AFTER_SETUP_ENV, type ChildMessage, type ParentMessage } from '@shared/backendProtocol'
import { hasPgliteCluster, PGLITE_TEMPLATE_FILE, pgliteDir } from './db/clusterFolder'
import { optimisesWasmFor } from './db/pgliteMemory'
import { pgliteWasmModule } from './db/pgliteWasm'
import type { RunningServer } from './index'

interface ElectronParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

const parentPort = (process as NodeJS.Process & { parentPort?: ElectronParentPort }).parentPort

function post(message: ChildMessage): void {
  if (parentPort) parentPort.postMessage(message)
  else process.send?.(message)
}

const isChild = Boolean(parentPort || process.send)

function onParentMessage(listener: (message: unknown) => void): void {
  if (parentPort) parentPort.on('message', (event) => listener(event.data))
  else if (process.send) process.on('message', listener)
}

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 4173
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got ${value}`)
  return port
}

/** The folder of this file: out/main when this is a build. */
const here = dirname(fileURLToPath(import.meta.url))

/** The migrated cluster template the build wrote beside this file, when this is a build. */
function builtPgliteTemplate(): string | undefined {
  const file = join(here, PGLITE_TEMPLATE_FILE)
  return existsSync(file) ? file : undefined
}

/** The renderer built beside this file (out/main/server.js → out/renderer), when this is a build. */
function defaultStaticDir(): string | undefined {
  if (basename(here) !== 'main' || basename(dirname(here)) !== 'out') return undefined
  const candidate = join(here, '..', 'renderer')
  return existsSync(join(candidate, 'index.html')) ? candidate : undefined
}

/**
 * A desk's backend trades a little of its top speed for memory (measured with `npm run bench`: about
 * 45 MB less resident memory after sustained load, 5-10 % fewer requests per second at 1 000+):
 * PGlite's WebAssembly is optimised on one background thread instead of one per core (each leaves its
 * buffers in malloc's arenas), and not at all on a small database (pgliteMemory.ts, optimisesWasmFor);
 * V8's young generation keeps its starting size under load instead of doubling. The old generation
 * may grow by half its live size before a full collection instead of up to four times: under the
 * bench's load the heap held 18 MB of live objects and 40-60 MB of garbage waiting for one. The flags
 * are read when used, so setting them before the database opens is in time. `pgdata`: the cluster
 * this process serves, absent when it serves none (PostgreSQL, a set-up only).
 */
function preferLowMemory(pgdata: string | undefined): void {
  if (pgdata && !optimisesWasmFor(pgdata)) setFlagsFromString('--liftoff-only')
  setFlagsFromString('--wasm-num-compilation-tasks=1')
  setFlagsFromString('--semi-space-growth-factor=1')
  setFlagsFromString('--heap-growing-percent=50')
}

function demoTodayFromEnv(value: string | undefined): (() => string) | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new Error(`INNKEEPER_DEMO_TODAY must be a date YYYY-MM-DD, got ${value}`)
  return () => value
}

async function main(): Promise<void> {
  const env = process.env
  const dataDir = resolve(env.INNKEEPER_DATA_DIR || '.innkeeper')
  const databaseUrl = env.DATABASE_URL || undefined
  const pgliteTemplate = builtPgliteTemplate()
  // Only sets up a new data folder with initdb, for the parent to start a fresh process on it; one
  // unpacked from the build's template is used right away (see StartServerOptions.reopenAfterSetUp).
  const setUpOnly =
    isChild &&
    env[RESTART_AFTER_SETUP_ENV] === '1' &&
    !databaseUrl &&
    !pgliteTemplate &&
    !hasPgliteCluster(dataDir)
  // A process that only runs initdb exits after it: its memory is not kept, and initdb gains from
  // optimised code (the entry test that sets a folder up from source: 94 s with it, 140 s without,
  // on a loaded machine). Decided before anything compiles PGlite's WebAssembly.
  preferLowMemory(databaseUrl || setUpOnly ? undefined : pgliteDir(dataDir))
  // PGlite's WebAssembly compiles on a background thread while the main thread loads the server's
  // modules (and PGlite's), which this module imports only now: ~0.1 s of each start otherwise spent
  // waiting for the compile once PGlite asks for it.
  if (!databaseUrl) void pgliteWasmModule()
  const { startServer } = await import('./index')
  // Listening from the start: a SIGTERM (a system shutdown, a parent quitting) or a shutdown request
  // that arrives while the database is still being created lets that finish and then closes it,
  // instead of killing the process half-way (the signal's default).
  let server: RunningServer | undefined
  let shutdownRequested = false
  const shutdown = () => {
    // A second signal while closing means "now".
    if (shutdownRequested) process.exit(1)
    shutdownRequested = true
    if (server) closeAndExit(server)
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
  onParentMessage((message) => {
    if ((message as ParentMessage | undefined)?.type === 'shutdown') shutdown()
  })
  // A forked child whose parent died would otherwise hold the port and the database forever.
  if (!parentPort && process.send) process.on('disconnect', shutdown)

  try {
    server = await startServer({
      dataDir,
      port: portFromEnv(env.PORT),
      host: env.HOST || '127.0.0.1',
      databaseUrl,
      pgliteTemplate,
      staticDir: env.INNKEEPER_STATIC_DIR ? resolve(env.INNKEEPER_STATIC_DIR) : defaultStaticDir(),
      demo: env.INNKEEPER_DEMO !== '0',
      today: demoTodayFromEnv(env.INNKEEPER_DEMO_TODAY),
      log: env.INNKEEPER_LOG !== '0',
      requestLogs: env.INNKEEPER_REQUEST_LOG !== '0',
      backups:
        env.INNKEEPER_BACKUPS !== '0' && !setUpOnly
          ? { dir: env.INNKEEPER_BACKUP_DIR ? resolve(env.INNKEEPER_BACKUP_DIR) : undefined }
          : false,
      durableCommits: env.INNKEEPER_DURABLE !== '0',
      reopenAfterSetUp: !setUpOnly,
      desktop: env.INNKEEPER_DESKTOP === '1',
      ownerSetup: env.INNKEEPER_OWNER_SETUP === '1',
      demoData: env.INNKEEPER_DEMO_DATA === '1',
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (isChild) post({ type: 'error', message })
    console.error(`Innkeeper backend failed to start: ${message}`)
    process.exit(1)
  }
  if (shutdownRequested) {
    closeAndExit(server)
    return
  }

  // After a set-up the parent asks for the usual shutdown, then starts a fresh process.
  if (isChild)
    post(setUpOnly ? { type: 'set-up' } : { type: 'ready', url: server.url, anonKey: server.anonKey })
  else console.log(`Innkeeper backend ready on ${server.url}`)
}

function closeAndExit(server: RunningServer): void {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Innkeeper backend did not close cleanly', error)
      process.exit(1)
    },
  )
}

void main()
