import { fork, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BACKEND_MEMORY_ENV,
  backendFailureMessage,
  BackendStartError,
  forkWithChildProcess,
  forkWithUtilityProcess,
  SHUTDOWN_GRACE_MS,
  startBackend,
  type ForkBackend,
} from './backendProcess'
import { CLOSE_GRACE_MS } from '../server/config'

const fakeBackend = fileURLToPath(new URL('./__fixtures__/fake-backend.mjs', import.meta.url))

let dir: string
let log: string
let children: ChildProcess[]

// Forks with Node's child_process and remembers each child, to check it is really gone.
const trackingFork: typeof fork = ((...args: Parameters<typeof fork>) => {
  const child = fork(...args)
  children.push(child)
  return child
}) as typeof fork

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'innkeeper-backend-'))
  log = join(dir, 'log.txt')
  children = []
})

afterEach(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function start(
  mode: string,
  options: { readyTimeoutMs?: number; onCrash?: (code: number | null) => void; signal?: AbortSignal } = {},
) {
  return startBackend({
    fork: forkWithChildProcess(trackingFork),
    modulePath: fakeBackend,
    env: {
      ...process.env,
      FAKE_BACKEND: mode,
      FAKE_BACKEND_LOG: log,
      INNKEEPER_DATA_DIR: dir,
      PORT: '0',
    } as Record<string, string>,
    readyTimeoutMs: options.readyTimeoutMs ?? 10_000,
    shutdownGraceMs: 300,
    onCrash: options.onCrash,
    signal: options.signal,
  })
}

const events = () => readFileSync(log, 'utf8').trim().split('\n')
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()))

describe('startBackend', () => {
  it('gives the backend process the memory settings (BACKEND_MEMORY_ENV), under what the caller sets', async () => {
    const envs: Record<string, string>[] = []
    const capturing: ForkBackend = (modulePath, env) => {
      envs.push(env)
      return forkWithChildProcess(trackingFork)(modulePath, env)
    }
    const env = {
      ...process.env,
      FAKE_BACKEND: 'ready',
      FAKE_BACKEND_LOG: log,
      INNKEEPER_DATA_DIR: dir,
      PORT: '0',
    }
    const backend = await startBackend({
      fork: capturing,
      modulePath: fakeBackend,
      env: env as Record<string, string>,
    })
    expect(envs[0]!.MALLOC_TRIM_THRESHOLD_).toBe('131072')
    expect(BACKEND_MEMORY_ENV).toEqual({ MALLOC_TRIM_THRESHOLD_: '131072' })
    expect(envs[0]!.INNKEEPER_DATA_DIR).toBe(dir)
    await backend.stop()
  })

  it('resolves with the URL and anon key the backend reports, and passes the data folder and port', async () => {
    const backend = await start('ready')
    expect(backend.url).toBe('http://127.0.0.1:43210')
    expect(backend.anonKey).toBe('anon-key')
    expect(backend.pid).toBe(children[0]!.pid)
    expect(events()[0]).toBe(`started dataDir=${dir} port=0 restartAfterSetUp=1`)
    await backend.stop()
  })

  it('after a backend set up a new data folder, shuts it down and resolves with a fresh process', async () => {
    const backend = await start('set-up')
    expect(backend.url).toBe('http://127.0.0.1:43211')
    expect(events()).toEqual([
      `started dataDir=${dir} port=0 restartAfterSetUp=1`,
      'shutdown requested',
      'database closed',
      `started dataDir=${dir} port=0`,
    ])
    expect(children).toHaveLength(2)
    expect(children[0]!.exitCode).toBe(0)
    expect(backend.pid).toBe(children[1]!.pid)
    await backend.stop()
    expect(children[1]!.exitCode).toBe(0)
  })

  it('does not take set-up for an answer from the restarted process', async () => {
    await expect(start('set-up-always')).rejects.toMatchObject({ reason: 'bad-message' })
    expect(children).toHaveLength(2)
    await exited(children[1]!)
  })

  it('stops by asking the backend to close its database, then waits for it to exit', async () => {
    const backend = await start('ready')
    await backend.stop()
    expect(events()).toEqual([
      `started dataDir=${dir} port=0 restartAfterSetUp=1`,
      'shutdown requested',
      'database closed',
    ])
    expect(children[0]!.exitCode).toBe(0)
    expect(await backend.exited).toBe(0)
    await backend.stop() // a second stop (quit after a crash dialog, say) is harmless
  })

  it('kills a backend that ignores the shutdown request after the grace period', async () => {
    const backend = await start('ignore-shutdown')
    await backend.stop()
    expect(events()).toContain('shutdown requested')
    expect(events()).not.toContain('database closed')
    expect(children[0]!.signalCode).toBe('SIGTERM')
    expect(await backend.exited).toBeNull()
  })

  it('rejects with the message the backend reports when it cannot start', async () => {
    const failure = start('error')
    await expect(failure).rejects.toThrow(
      new BackendStartError('reported-error', 'the data folder is locked'),
    )
    await exited(children[0]!)
  })

  it('rejects when the backend exits before it is ready', async () => {
    await expect(start('exit')).rejects.toMatchObject({
      reason: 'exited',
      message: 'the backend stopped while starting (exit code 3)',
    })
  })

  it('rejects and kills a backend that never answers', async () => {
    await expect(start('silent', { readyTimeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout' })
    await exited(children[0]!)
    expect(children[0]!.signalCode).toBe('SIGTERM')
  })

  it('rejects and kills a backend that speaks another protocol', async () => {
    await expect(start('garbage')).rejects.toMatchObject({ reason: 'bad-message' })
    await exited(children[0]!)
  })

  it('reports a crash after start, but not a requested stop', async () => {
    const onCrash = vi.fn()
    await start('crash-after-ready', { onCrash })
    await exited(children[0]!)
    await vi.waitFor(() => expect(onCrash).toHaveBeenCalledWith(7))

    const onStopped = vi.fn()
    const backend = await start('ready', { onCrash: onStopped })
    await backend.stop()
    expect(onStopped).not.toHaveBeenCalled()
  })

  it('rejects when the backend cannot be spawned at all', async () => {
    const missing: ForkBackend = forkWithChildProcess(((...args: Parameters<typeof fork>) => {
      const [, forkArgs, options] = args as [string, string[], object]
      return fork(fakeBackend, forkArgs, { ...options, execPath: join(dir, 'no-such-node') })
    }) as typeof fork)
    await expect(
      startBackend({ fork: missing, modulePath: fakeBackend, env: {}, readyTimeoutMs: 5_000 }),
    ).rejects.toMatchObject({ reason: 'exited' })
  })
})

describe('startBackend, quitting while it starts', () => {
  it('asks the starting backend to close its database, waits for it, and rejects as stopped', async () => {
    const quit = new AbortController()
    const starting = start('silent', { signal: quit.signal })
    // Quit once it runs (it listens for messages from its first line).
    await vi.waitFor(() => expect(existsSync(log)).toBe(true), { timeout: 10_000 })
    quit.abort()
    await expect(starting).rejects.toMatchObject({ reason: 'stopped' })
    expect(events()).toEqual([
      `started dataDir=${dir} port=0 restartAfterSetUp=1`,
      'shutdown requested',
      'database closed',
    ])
    expect(children[0]!.exitCode).toBe(0)
  })

  it('starts nothing when the quit came first', async () => {
    const quit = new AbortController()
    quit.abort()
    await expect(start('ready', { signal: quit.signal })).rejects.toMatchObject({ reason: 'stopped' })
    expect(children).toHaveLength(0)
  })
})

describe('shutdown grace', () => {
  it('outlasts the backend’s own close (requests in flight) with room for a backup that is copying', () => {
    expect(SHUTDOWN_GRACE_MS).toBeGreaterThanOrEqual(CLOSE_GRACE_MS + 60_000)
  })
})

describe('forkWithUtilityProcess', () => {
  function fakeUtilityProcess() {
    const child = Object.assign(new EventEmitter(), {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      pid: 42,
      postMessage: vi.fn(),
      kill: vi.fn(),
    })
    const fork = vi.fn(() => child)
    return { child, utilityProcess: { fork } as never, fork }
  }

  it('sends the backend’s output to the log, and a fatal error event there instead of throwing in main', async () => {
    const { child, utilityProcess, fork: utilityFork } = fakeUtilityProcess()
    const written: string[] = []
    const backend = forkWithUtilityProcess(utilityProcess, {
      write: (chunk) => void written.push(String(chunk)),
    })('/app/out/main/server.js', { HOST: '127.0.0.1' })
    expect(utilityFork).toHaveBeenCalledWith('/app/out/main/server.js', [], {
      env: { HOST: '127.0.0.1' },
      serviceName: 'Innkeeper backend',
      stdio: 'pipe',
    })
    const exits: Array<number | null> = []
    backend.onExit((code) => exits.push(code))
    child.stdout.write('backup made\n')
    child.stderr.write('backup failed\n')
    expect(() => child.emit('error', 'FatalError', 'v8::ToLocalChecked', '{}')).not.toThrow()
    child.emit('exit', 134)
    await vi.waitFor(() => expect(written).toHaveLength(3))
    expect(written.join('')).toContain('backup made')
    expect(written.join('')).toContain('backup failed')
    expect(written.join('')).toContain('fatal FatalError at v8::ToLocalChecked')
    expect(exits).toEqual([134])
  })
})

describe('backendFailureMessage', () => {
  it('says what failed and where the data is, in words for the front desk', () => {
    const { title, content } = backendFailureMessage(
      new BackendStartError('reported-error', 'the data folder is locked'),
      '/home/ana/.config/Innkeeper/data',
    )
    expect(title).toBe('Innkeeper could not start')
    expect(content).toContain('Innkeeper could not start its local database: the data folder is locked.')
    expect(content).toContain('/home/ana/.config/Innkeeper/data')
    expect(content).toContain('then try again')
  })
})
