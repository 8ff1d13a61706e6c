import { anonKeyProblem, projectUrlProblem } from '../shared/connection'
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

  const supabaseUrl = typeof candidate.supabaseUrl === 'string' ? candidate.supabaseUrl.trim() : ''
  const supabaseAnonKey =
    typeof candidate.supabaseAnonKey === 'string' ? candidate.supabaseAnonKey.trim() : ''
  const error = projectUrlProblem(supabaseUrl) ?? anonKeyProblem(supabaseAnonKey)
  if (error) return { ok: false, error }
  return { ok: true, value: { mode: 'hosted', supabaseUrl: new URL(supabaseUrl).origin, supabaseAnonKey } }
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
  /** The folder the admin chose for backups; absent: the backend's default (<data folder>/backups). */
  backupDir?: string
  /** Why the file was ignored, when it exists but cannot be used. */
  warning?: string
}

/** The config file's fields; a file written before one of them existed still reads. */
interface ConfigFields {
  backend?: Connection
  backupDir?: string
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
  const fields = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {}
  const backupDir =
    typeof fields.backupDir === 'string' && fields.backupDir !== '' ? { backupDir: fields.backupDir } : {}
  if (fields.backend === undefined) return { connection: LOCAL_CONNECTION, ...backupDir }
  const parsed = parseConnection(fields.backend)
  if (!parsed.ok)
    return {
      connection: LOCAL_CONNECTION,
      ...backupDir,
      warning: `${file} has an invalid backend: ${parsed.error}`,
    }
  return { connection: parsed.value, ...backupDir }
}

export function writeConnection(fs: ConfigFs, file: string, connection: Connection): Promise<void> {
  return updateConfig(fs, file, { backend: connection })
}

export function writeBackupDir(fs: ConfigFs, file: string, backupDir: string): Promise<void> {
  return updateConfig(fs, file, { backupDir })
}

/**
 * Changes some fields and keeps the others (an unreadable file has none worth keeping). Writes
 * through a temporary file so a crash mid-write never leaves a half-written config.
 */
async function updateConfig(fs: ConfigFs, file: string, changes: ConfigFields): Promise<void> {
  const current = await fs
    .readFile(file, 'utf8')
    .then((text): unknown => JSON.parse(text))
    .catch(() => null)
  const kept = typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {}
  const temporary = `${file}.tmp`
  await fs.writeFile(temporary, `${JSON.stringify({ ...kept, ...changes }, null, 2)}\n`, 'utf8')
  await fs.rename(temporary, file)
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
