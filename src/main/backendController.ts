import type { BackendEndpoint, Connection, ConnectionSetResult } from '../shared/ipc'
import type { RunningBackend } from './backendProcess'
import { parseConnection } from './connectionConfig'

export interface BackendControllerDeps {
  /** Starts the embedded backend (the utility process in the app); `signal` aborts a start under way. */
  startLocal(signal: AbortSignal): Promise<RunningBackend>
  saveConnection(connection: Connection): Promise<void>
}

export interface BackendController {
  /** Connects to the saved choice: starts the local backend, or just uses the hosted project. */
  start(connection: Connection): Promise<BackendEndpoint>
  connection(): Connection
  /** Null until start() has succeeded. */
  endpoint(): BackendEndpoint | null
  /** Validates, connects, saves. The caller reloads the renderer when this succeeds. */
  switchTo(input: unknown): Promise<ConnectionSetResult>
  /** Stops the local backend if it runs or is starting (quitting during start-up); safe to call more than once. */
  stop(): Promise<void>
}

/**
 * Owns which backend the app is connected to. The local backend runs only while the local
 * connection is chosen: a hosted project needs no database on this computer.
 */
export function createBackendController(deps: BackendControllerDeps): BackendController {
  let connection: Connection = { mode: 'local' }
  let endpoint: BackendEndpoint | null = null
  let local: RunningBackend | null = null
  let starting: { abort: AbortController; backend: Promise<RunningBackend> } | null = null
  let switching = false

  async function startLocal(): Promise<RunningBackend> {
    const abort = new AbortController()
    const backend = deps.startLocal(abort.signal)
    starting = { abort, backend }
    try {
      return await backend
    } finally {
      if (starting?.backend === backend) starting = null
    }
  }

  async function connect(next: Connection): Promise<BackendEndpoint> {
    if (next.mode === 'hosted')
      return { supabaseUrl: next.supabaseUrl, supabaseAnonKey: next.supabaseAnonKey }
    local ??= await startLocal()
    return { supabaseUrl: local.url, supabaseAnonKey: local.anonKey }
  }

  return {
    async start(saved) {
      endpoint = await connect(saved)
      connection = saved
      return endpoint
    },

    connection: () => connection,
    endpoint: () => endpoint,

    async switchTo(input) {
      const parsed = parseConnection(input)
      if (!parsed.ok) return parsed
      if (switching) return { ok: false, error: 'Innkeeper is already switching backends.' }
      switching = true
      const hadLocal = local !== null
      try {
        let nextEndpoint: BackendEndpoint
        try {
          nextEndpoint = await connect(parsed.value)
        } catch (error) {
          return { ok: false, error: `The local database could not start: ${describe(error)}` }
        }
        try {
          await deps.saveConnection(parsed.value)
        } catch (error) {
          if (!hadLocal) await stopLocal()
          return { ok: false, error: `The choice could not be saved: ${describe(error)}` }
        }
        connection = parsed.value
        endpoint = nextEndpoint
        if (connection.mode === 'hosted') await stopLocal()
        return { ok: true }
      } finally {
        switching = false
      }
    },

    stop: stopLocal,
  }

  async function stopLocal(): Promise<void> {
    const pending = starting
    starting = null
    const running = local
    local = null
    if (pending) {
      pending.abort.abort()
      // It may have become ready just before the abort: then it is stopped like a running one.
      const started = await pending.backend.catch(() => null)
      await started?.stop()
    }
    await running?.stop()
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
