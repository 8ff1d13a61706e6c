import { fork, type ChildProcess } from 'node:child_process'

export interface ChildServer {
  child: ChildProcess
  url: string
  anonKey: string
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>
}

/**
 * Starts the backend on dataDir as Electron and web mode do, as its own process, and waits for its
 * `{ type: 'ready', url, anonKey }` message. It runs quiet: a free port, no demo seed, no request
 * logs, no backups (one at each of a crash test's dozens of starts would triple its time; backups
 * have their own test). Only V8's baseline WebAssembly compiler runs: most of a start is compiling
 * PGlite, which that nearly halves; it changes how fast SQL runs, never what reaches the disk.
 */
export function startChildServer(
  entry: string,
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  timeoutMs = 120_000,
): Promise<ChildServer> {
  const env = {
    ...process.env,
    INNKEEPER_DATA_DIR: dataDir,
    PORT: '0',
    INNKEEPER_DEMO: '0',
    INNKEEPER_LOG: '0',
    INNKEEPER_BACKUPS: '0',
    ...extraEnv,
  }
  const child = fork(entry, [], {
    env,
    execArgv: ['--liftoff-only'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no ready message within ${timeoutMs} ms: ${stderr}`))
    }, timeoutMs)
    child.once('message', (message) => {
      clearTimeout(timer)
      const ready = message as { type: string; url: string; anonKey: string; message?: string }
      if (ready.type === 'ready') resolve({ child, url: ready.url, anonKey: ready.anonKey, exited })
      else reject(new Error(`server reported ${JSON.stringify(ready)}: ${stderr}`))
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before it was ready: ${stderr}`))
    })
  })
}

/** Kills the process (SIGKILL: no chance to flush or close anything) and waits until it is gone. */
export async function killChildServer(
  server: ChildServer,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  await server.exited
}
