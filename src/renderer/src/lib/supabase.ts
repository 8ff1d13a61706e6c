import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@shared/database.types'
import type { BackendConfig, Platform } from '../platform/types'

/** Typed by the schema: a query or rpc the migrations no longer allow fails the typecheck. */
export type AppClient = SupabaseClient<Database>

let client: AppClient | null = null
let connectedTo: BackendConfig | null = null

/** Called once at start-up, before the first render. */
export function initSupabase(config: BackendConfig, platform: Platform): AppClient {
  connectedTo = config
  client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { storage: platform.sessionStorageFor(config), persistSession: true, autoRefreshToken: true },
  })
  return client
}

/** The app's one client. Only feature services call this. */
export function supabase(): AppClient {
  if (!client) throw new Error('The backend connection is not ready yet')
  return client
}

/**
 * A path of the embedded backend's own (not Supabase's), answered 404 by a hosted project: the first
 * run's owner set-up, the backups. supabase-js has no call for it, so it is fetched as auth-js would,
 * with the key.
 */
export function fetchBackend(path: string, init: RequestInit = {}): Promise<Response> {
  if (!connectedTo) throw new Error('The backend connection is not ready yet')
  const headers = new Headers(init.headers)
  headers.set('apikey', connectedTo.supabaseAnonKey)
  headers.set('X-Supabase-Api-Version', '2024-01-01')
  return fetch(`${connectedTo.supabaseUrl}${path}`, { ...init, headers })
}

/** fetchBackend as the signed-in user. */
export async function fetchEmbeddedBackend(path: string, method: 'GET' | 'POST'): Promise<Response> {
  if (!client) throw new Error('The backend connection is not ready yet')
  const { data } = await client.auth.getSession()
  const headers: Record<string, string> = {}
  if (data.session) headers.authorization = `Bearer ${data.session.access_token}`
  return fetchBackend(path, { method, headers })
}

/**
 * A second client that never stores a session: signing a new staff member up through it must not
 * replace the session of the person who is creating the account.
 */
export function createDetachedClient(): AppClient {
  if (!connectedTo) throw new Error('The backend connection is not ready yet')
  return createClient<Database>(connectedTo.supabaseUrl, connectedTo.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}
