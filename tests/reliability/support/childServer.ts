import { fork, type ChildProcess } from 'node:child_process'
import {
  definedEnv,
  forkWithChildProcess,
  startBackend,
  type RunningBackend,
} from '../../../src/main/backendProcess'

export interface ChildServer extends RunningBackend {
  /** The process itself, for the signals the app never sends (SIGKILL, SIGTERM). */
  child: ChildProcess
}

/**
 * Starts the backend on dataDir with the app's own parent code (startBackend: the ready message, the
 * restart after a new data folder is set up), as its own process. It runs quiet: a free port, no demo
 * seed, no request logs, no backups (one at each of a crash test's dozens of starts would triple its
 * time; backups have their own test). Only V8's baseline WebAssembly compiler runs: most of a start
 * is compiling PGlite, which that nearly halves; it changes how fast SQL runs, never what reaches the
 * disk. A start that fails says what the process wrote to stderr.
 */
export async function startChildServer(
  entry: string,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  readyTimeoutMs = 120_000,
): Promise<ChildServer> {
  let child: ChildProcess | undefined
  let stderr = ''
  const quietFork = ((modulePath: string, args: string[], options: object) => {
    child = fork(modulePath, args, {
      ...options,
      execArgv: ['--liftoff-only'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    return child
  }) as typeof fork
  const env = definedEnv({
    ...process.env,
    INNKEEPER_DATA_DIR: dataDir,
    PORT: '0',
    INNKEEPER_DEMO: '0',
    INNKEEPER_LOG: '0',
    INNKEEPER_BACKUPS: '0',
    ...extraEnv,
  })
  try {
    const backend = await startBackend({
      fork: forkWithChildProcess(quietFork),
      modulePath: entry,
      env,
      readyTimeoutMs,
    })
    // The process that reported ready: after setting up a new data folder, the second one.
    return { ...backend, child: child! }
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${stderr}`, { cause: error })
  }
}

/** Kills the process (SIGKILL: no chance to flush or close anything) and waits until it is gone. */
export async function killChildServer(
  server: ChildServer,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  await server.exited
}
