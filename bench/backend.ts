import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { ChildMessage } from '../src/server/entry'

export interface BackendOptions {
  /** The built process entry, out/main/server.js. */
  serverJs: string
  dataDir: string
  databaseUrl?: string
  /** The built renderer, for the page-load figure (web mode). */
  staticDir?: string
  /** Seed the demo data into an empty database. */
  demo: boolean
}

export interface Backend {
  url: string
  anonKey: string
  /** From starting the process until it reported ready (it then answers requests). */
  readyMs: number
  /** Resident memory of the backend process now, and its peak so far, in MB. */
  memory(): { rssMb: number; peakRssMb: number }
  stop(): Promise<void>
}

/**
 * The built backend in its own process, as Electron's utilityProcess and web mode run it: its start-up
 * time and memory are then its own, not the bench's.
 */
export function startBackend(options: BackendOptions): Promise<Backend> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    INNKEEPER_DATA_DIR: options.dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    INNKEEPER_DEMO: options.demo ? '1' : '0',
    INNKEEPER_LOG: '0',
    INNKEEPER_BACKUPS: '0',
  }
  delete env.DATABASE_URL
  delete env.INNKEEPER_STATIC_DIR
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  if (options.staticDir) env.INNKEEPER_STATIC_DIR = options.staticDir

  const started = performance.now()
  const child = fork(options.serverJs, [], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return new Promise<Backend>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`The backend exited before it was ready (${code})`))
    child.once('exit', onExit)
    child.once('error', reject)
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'error') reject(new Error(`The backend failed to start: ${message.message}`))
      if (message.type !== 'ready') return
      const readyMs = performance.now() - started
      child.off('exit', onExit)
      resolve({
        url: message.url,
        anonKey: message.anonKey,
        readyMs,
        memory: () => memoryOf(child),
        stop: () => stop(child),
      })
    })
  })
}

function memoryOf(child: ChildProcess): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.send({ type: 'shutdown' })
  })
}
