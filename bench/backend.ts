import { fork, type ForkOptions } from 'node:child_process'
import { readFileSync } from 'node:fs'
import {
  definedEnv,
  forkWithChildProcess,
  startBackend as startBackendProcess,
} from '../src/main/backendProcess'
import { memoryBreakdown, type MemoryBreakdown } from './backendMemory'

export interface BackendOptions {
  /** The built process entry, out/main/server.js. */
  serverJs: string
  dataDir: string
  databaseUrl?: string
  /** The built renderer, for the page-load figure (web mode). */
  staticDir?: string
  /** Seed the demo data into an empty database. */
  demo: boolean
  /** Extra Node flags and environment for the process (bench/memory.ts tries settings with them). */
  execArgv?: string[]
  env?: Record<string, string>
}

export interface Backend {
  url: string
  anonKey: string
  /** From starting the process until it reported ready (it then answers requests). */
  readyMs: number
  pid: number | undefined
  /** Resident memory of the backend process now, and its peak so far, in MB; where it is. */
  memory(): { rssMb: number; peakRssMb: number; breakdown: MemoryBreakdown }
  stop(): Promise<void>
}

/**
 * The built backend in its own process, started as Electron starts it (the same parent code, with
 * Node's fork in place of utilityProcess): its start-up time and memory are then its own, not the
 * bench's. A first run includes a restart when the backend asks for one (a build without its cluster
 * template: initdb); one from the template answers ready from its first process.
 */
export async function startBackend(options: BackendOptions): Promise<Backend> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    INNKEEPER_DATA_DIR: options.dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    INNKEEPER_DEMO: options.demo ? '1' : '0',
    INNKEEPER_LOG: '0',
    INNKEEPER_BACKUPS: '0',
    ...options.env,
  }
  delete env.DATABASE_URL
  delete env.INNKEEPER_STATIC_DIR
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  if (options.staticDir) env.INNKEEPER_STATIC_DIR = options.staticDir

  const started = performance.now()
  const backend = await startBackendProcess({
    fork: forkWithChildProcess(((modulePath: string, args: string[], forkOptions: ForkOptions) =>
      fork(modulePath, args, { ...forkOptions, execArgv: options.execArgv })) as typeof fork),
    modulePath: options.serverJs,
    env: definedEnv(env),
    readyTimeoutMs: 120_000,
  })
  const readyMs = performance.now() - started
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    readyMs,
    pid: backend.pid,
    memory: () => memoryOf(backend.pid),
    stop: () => backend.stop(),
  }
}

function memoryOf(pid: number | undefined): { rssMb: number; peakRssMb: number; breakdown: MemoryBreakdown } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024, breakdown: memoryBreakdown(pid!) }
}
