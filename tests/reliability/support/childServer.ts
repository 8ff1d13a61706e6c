import { fork, type ChildProcess } from 'node:child_process'

export interface ChildServer {
  child: ChildProcess
  url: string
  anonKey: string
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>
}

/**
 * Starts the backend as Electron and web mode do, as its own process, and waits for its
 * `{ type: 'ready', url, anonKey }` message.
 */
export function startChildServer(
  entry: string,
  env: NodeJS.ProcessEnv,
  options: { execArgv?: string[]; timeoutMs?: number } = {},
): Promise<ChildServer> {
  const timeoutMs = options.timeoutMs ?? 120_000
  const child = fork(entry, [], {
    env: { ...process.env, ...env },
    execArgv: options.execArgv ?? [],
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
