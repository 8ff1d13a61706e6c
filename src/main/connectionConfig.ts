import type { Connection } from '../shared/ipc'

/**
 * The backend choice lives in innkeeper-config.json in the user-data folder, so staff can
 * point the app at a hosted Supabase project (and back) without a new build.
 */
export const CONFIG_FILE_NAME = 'innkeeper-config.json'

export const LOCAL_CONNECTION: Connection = { mode: 'local' }

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

/** Checks a connection that came from the config file or the renderer; never trusts either. */
export function parseConnection(input: unknown): Parsed<Connection> {
  if (typeof input !== 'object' || input === null) return { ok: false, error: 'Choose a backend.' }
  const candidate = input as Record<string, unknown>
  if (candidate.mode === 'local') return { ok: true, value: LOCAL_CONNECTION }
  if (candidate.mode !== 'hosted') return { ok: false, error: 'Choose a backend.' }

  const url = parseSupabaseUrl(candidate.supabaseUrl)
  if (!url.ok) return url
  const key = typeof candidate.supabaseAnonKey === 'string' ? candidate.supabaseAnonKey.trim() : ''
  if (key === '') return { ok: false, error: 'Enter the project’s anon key.' }
  if (/\s/.test(key)) return { ok: false, error: 'The anon key must not contain spaces.' }
  return { ok: true, value: { mode: 'hosted', supabaseUrl: url.value, supabaseAnonKey: key } }
}

function parseSupabaseUrl(input: unknown): Parsed<string> {
  const invalid = { ok: false, error: 'Enter the project URL, like https://abcd.supabase.co.' } as const
  if (typeof input !== 'string' || input.trim() === '') return invalid
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return invalid
  }
  // Plain http is accepted only for a project on this computer (`supabase start` for developers):
  // tokens must never cross a network unencrypted.
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, error: 'The project URL must start with https://.' }
  }
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    return { ok: false, error: 'Enter only the project URL, without a path.' }
  }
  return { ok: true, value: url.origin }
}

/** The keychain account for a backend: stable across runs, unlike the local backend's random port. */
export function backendId(connection: Connection): string {
  return connection.mode === 'local' ? 'local' : new URL(connection.supabaseUrl).origin
}

export interface ConfigFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>
  writeFile(path: string, data: string, encoding: 'utf8'): Promise<void>
  rename(from: string, to: string): Promise<void>
}

export interface LoadedConnection {
  connection: Connection
  /** Why the file was ignored, when it exists but cannot be used. */
  warning?: string
}

export async function readConnection(fs: ConfigFs, file: string): Promise<LoadedConnection> {
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (error) {
    if (isMissingFile(error)) return { connection: LOCAL_CONNECTION }
    return { connection: LOCAL_CONNECTION, warning: `cannot read ${file}: ${describe(error)}` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { connection: LOCAL_CONNECTION, warning: `${file} is not valid JSON: ${describe(error)}` }
  }
  const backend =
    typeof json === 'object' && json !== null ? (json as { backend?: unknown }).backend : undefined
  if (backend === undefined) return { connection: LOCAL_CONNECTION }
  const parsed = parseConnection(backend)
  if (!parsed.ok)
    return { connection: LOCAL_CONNECTION, warning: `${file} has an invalid backend: ${parsed.error}` }
  return { connection: parsed.value }
}

/** Writes through a temporary file so a crash mid-write never leaves a half-written config. */
export async function writeConnection(fs: ConfigFs, file: string, connection: Connection): Promise<void> {
  const temporary = `${file}.tmp`
  await fs.writeFile(temporary, `${JSON.stringify({ backend: connection }, null, 2)}\n`, 'utf8')
  await fs.rename(temporary, file)
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
