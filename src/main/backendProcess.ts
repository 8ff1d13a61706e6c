import type { fork as childProcessFork } from 'node:child_process'
import type { utilityProcess as electronUtilityProcess } from 'electron'
import { CLOSE_GRACE_MS } from '../server/config'
import { RESTART_AFTER_SETUP_ENV, type ChildMessage } from '../shared/backendProtocol'

/**
 * The embedded backend runs in its own process so a crash or a slow query never freezes the
 * window. This module owns the parent side of the protocol the backend entry speaks:
 *   child → parent  { type: 'ready', url, anonKey }  or  { type: 'error', message }
 *                   or { type: 'set-up' }: it created a new data folder; the parent shuts it
 *                   down and starts it again (see src/shared/backendProtocol.ts)
 *   parent → child  { type: 'shutdown' }  → the child closes the database and exits 0.
 * Electron's utilityProcess and Node's child_process differ only in how messages travel, so
 * both are adapted to BackendChild and the lifecycle is tested with plain child_process.fork.
 */

export interface BackendChild {
  send(message: { type: 'shutdown' }): void
  onMessage(listener: (message: unknown) => void): void
  /** Called once when the process is gone; code is null when it was killed by a signal. */
  onExit(listener: (code: number | null) => void): void
  kill(): void
  readonly pid: number | undefined
}

export type ForkBackend = (modulePath: string, env: Record<string, string>) => BackendChild

export interface RunningBackend {
  url: string
  anonKey: string
  /** The backend process, for measuring it. */
  pid?: number
  /** Asks the backend to close its database and exit; kills it after a grace period. */
  stop(): Promise<void>
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>
}

export type BackendStartFailure = 'reported-error' | 'exited' | 'timeout' | 'bad-message' | 'stopped'

export class BackendStartError extends Error {
  constructor(
    readonly reason: BackendStartFailure,
    message: string,
  ) {
    super(message)
    this.name = 'BackendStartError'
  }
}

export interface StartBackendOptions {
  fork: ForkBackend
  modulePath: string
  env: Record<string, string>
  /** First start creates and seeds the database, which can take a while on slow disks. */
  readyTimeoutMs?: number
  shutdownGraceMs?: number
  /** The backend exited on its own after it was ready. */
  onCrash?: (exitCode: number | null) => void
  /**
   * Quitting while the backend starts: it is asked to shut down (it finishes creating a new data
   * folder first, then closes the database) and the start rejects with reason 'stopped'.
   */
  signal?: AbortSignal
}

const DEFAULT_READY_TIMEOUT_MS = 60_000

/**
 * Environment every backend process gets, for its memory (issue 21). glibc's malloc (Linux) keeps
 * freed memory at the top of each thread's arena up to a threshold that grows with the largest block
 * ever freed; V8's optimising WebAssembly compiler frees tens of MB of its work that way while it
 * compiles PGlite's hot functions, and the process then held them for good (bench/memory.ts: 45-65
 * MB in arenas after the bench's load, 15-27 MB with this). A fixed threshold of 128 kB (glibc's
 * default before it grows) gives that memory back. Other C libraries ignore the variable.
 */
export const BACKEND_MEMORY_ENV: Readonly<Record<string, string>> = { MALLOC_TRIM_THRESHOLD_: '131072' }

/**
 * How long a backend asked to shut down may take before it is killed. Its own close waits up to
 * CLOSE_GRACE_MS for requests in flight, then for a backup that is copying (the demo data: about a
 * second; a large property's database and images: tens of seconds), then closes the database. Killing
 * it sooner would leave the database needing recovery; the window is already gone, so nobody waits.
 */
export const SHUTDOWN_GRACE_MS = CLOSE_GRACE_MS + 110_000

export async function startBackend(options: StartBackendOptions): Promise<RunningBackend> {
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS
  const startedAt = Date.now()
  // The second process finds the data folder and, without the flag, always answers ready or fails.
  let env: Record<string, string> = { ...options.env, [RESTART_AFTER_SETUP_ENV]: '1' }
  for (;;) {
    if (options.signal?.aborted) throw stoppedWhileStarting()
    const launched = await launch(options, env, {
      totalMs: readyTimeoutMs,
      remainingMs: readyTimeoutMs - (Date.now() - startedAt),
    })
    if (launched !== 'set-up') return launched
    env = options.env
  }
}

/**
 * One backend process: ready, or 'set-up' when it created the data folder and exited for a restart.
 * It has what is left of the start's time to report (remainingMs of totalMs).
 */
function launch(
  options: StartBackendOptions,
  env: Record<string, string>,
  readyTimeout: { totalMs: number; remainingMs: number },
): Promise<RunningBackend | 'set-up'> {
  const graceMs = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS
  const child = options.fork(options.modulePath, { ...BACKEND_MEMORY_ENV, ...env })

  let exitCode: number | null | undefined
  let stopping = false
  let ready = false
  let setUp = false
  const exited = new Promise<number | null>((resolve) => {
    child.onExit((code) => {
      if (exitCode !== undefined) return
      exitCode = code
      resolve(code)
      if (ready && !stopping) options.onCrash?.(code)
    })
  })

  async function stop(): Promise<void> {
    if (exitCode !== undefined) return
    stopping = true
    try {
      child.send({ type: 'shutdown' })
    } catch {
      // The channel is already closed: the process is on its way out, or must be killed.
    }
    if (await exitsWithin(exited, graceMs)) return
    child.kill()
    await exitsWithin(exited, graceMs)
  }

  return new Promise<RunningBackend | 'set-up'>((resolve, reject) => {
    const fail = (reason: BackendStartFailure, message: string) => {
      clearTimeout(timer)
      if (options.signal?.aborted) return
      if (exitCode === undefined) {
        stopping = true
        child.kill()
      }
      reject(new BackendStartError(reason, message))
    }

    const onAbort = () => {
      if (ready || setUp) return
      clearTimeout(timer)
      void stop().then(() => reject(stoppedWhileStarting()))
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })

    const timer = setTimeout(
      () =>
        fail(
          'timeout',
          `the backend did not report ready within ${Math.round(readyTimeout.totalMs / 1000)} s`,
        ),
      Math.max(readyTimeout.remainingMs, 0),
    )

    void exited.then((code) => {
      options.signal?.removeEventListener('abort', onAbort)
      if (ready || options.signal?.aborted) return
      if (setUp && code === 0) {
        clearTimeout(timer)
        resolve('set-up')
      } else fail('exited', `the backend stopped while starting (exit code ${code ?? 'none'})`)
    })

    child.onMessage((message) => {
      if (ready || setUp || exitCode !== undefined || options.signal?.aborted) return
      const parsed = parseChildMessage(message)
      if (parsed.type === 'ready') {
        ready = true
        clearTimeout(timer)
        options.signal?.removeEventListener('abort', onAbort)
        resolve({ url: parsed.url, anonKey: parsed.anonKey, pid: child.pid, stop, exited })
      } else if (parsed.type === 'set-up' && env[RESTART_AFTER_SETUP_ENV] === '1') {
        // The usual shutdown; the exit then resolves 'set-up'.
        setUp = true
        void stop()
      } else if (parsed.type === 'error') {
        fail('reported-error', parsed.message)
      } else {
        fail('bad-message', 'the backend sent a message Innkeeper does not understand')
      }
    })
  })
}

function stoppedWhileStarting(): BackendStartError {
  return new BackendStartError('stopped', 'Innkeeper was closed while its local database was starting')
}

function parseChildMessage(message: unknown): ChildMessage | { type: 'unknown' } {
  if (typeof message !== 'object' || message === null) return { type: 'unknown' }
  const m = message as Record<string, unknown>
  if (m.type === 'ready' && typeof m.url === 'string' && isHttpUrl(m.url) && typeof m.anonKey === 'string') {
    return { type: 'ready', url: m.url.replace(/\/+$/, ''), anonKey: m.anonKey }
  }
  if (m.type === 'set-up') return { type: 'set-up' }
  if (m.type === 'error') {
    return { type: 'error', message: typeof m.message === 'string' ? m.message : 'unknown error' }
  }
  return { type: 'unknown' }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

async function exitsWithin(exited: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([exited.then(() => true as const), timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/** The environment without its unset entries, as a child process's env must be. */
export function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}

/** The words the user sees when the local backend cannot start, with where their data lives. */
export function backendFailureMessage(error: unknown, dataDir: string): { title: string; content: string } {
  const reason = error instanceof Error ? error.message : String(error)
  return {
    title: 'Innkeeper could not start',
    content:
      `Innkeeper could not start its local database: ${reason}.\n\n` +
      `Your data is kept in this folder:\n${dataDir}\n\n` +
      'Check that the disk is not full, then try again. If it keeps happening, send this message and ' +
      'the logs (Show logs) to whoever looks after your computers.',
  }
}

/** Where the backend's output goes (the backend's log file in the app). */
export interface BackendOutput {
  write(chunk: string | Uint8Array): void
}

/**
 * Runs the backend in an Electron utility process (main process only), its stdout and stderr into
 * `output`. A fatal V8 error is reported as an 'error' event before the exit; unhandled, that event
 * would throw in main, so it is written to the log and the exit that follows does the rest.
 */
export function forkWithUtilityProcess(
  utilityProcess: Pick<typeof electronUtilityProcess, 'fork'>,
  output: BackendOutput,
): ForkBackend {
  return (modulePath, env) => {
    const child = utilityProcess.fork(modulePath, [], {
      env,
      serviceName: 'Innkeeper backend',
      stdio: 'pipe',
    })
    child.stdout?.on('data', (chunk: Buffer) => output.write(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.write(chunk))
    child.on('error', (type, location) =>
      output.write(`Innkeeper backend: fatal ${type} at ${location}; it will be stopped\n`),
    )
    return {
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', (code) => listener(code)),
      kill: () => void child.kill(),
      get pid() {
        return child.pid
      },
    }
  }
}

/** Runs the backend with Node's child_process.fork (tests, and anything outside Electron). */
export function forkWithChildProcess(fork: typeof childProcessFork): ForkBackend {
  return (modulePath, env) => {
    const child = fork(modulePath, [], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    return {
      send: (message) => {
        child.send(message)
      },
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => {
        child.once('exit', (code) => listener(code))
        // A process that could not be spawned emits 'error' and never 'exit'.
        child.on('error', () => {
          if (child.pid === undefined) listener(null)
        })
      },
      kill: () => void child.kill(),
      get pid() {
        return child.pid
      },
    }
  }
}
