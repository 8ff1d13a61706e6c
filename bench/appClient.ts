import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import type { Database } from '@shared/database.types'

/**
 * Stands in for src/renderer/src/lib/supabase.ts while the bench runs the renderer's feature services
 * unchanged (scripts/bench.mjs swaps the module): the client is made as Node needs it (realtime over
 * the ws package, no stored session) and signed in as the demo staff member of the backend measured.
 */
let client: SupabaseClient<Database> | null = null

export function supabase(): SupabaseClient<Database> {
  if (!client) throw new Error('The bench has not signed in to a backend yet')
  return client
}

/** A recorded request, replayed by the load test exactly as supabase-js sent it. */
export interface RecordedRequest {
  method: string
  url: string
  headers: Record<string, string>
  /** A call's JSON (rpc), as sent. */
  body?: string
}

let recording: RecordedRequest[] | null = null

const recordingFetch: typeof fetch = (input, init) => {
  if (recording) {
    const url = input instanceof Request ? input.url : String(input)
    recording.push({
      method: init?.method ?? 'GET',
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
    })
  }
  return fetch(input, init)
}

export async function signIn(url: string, anonKey: string, email: string, password: string): Promise<void> {
  client = null
  const next = createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { fetch: recordingFetch },
  })
  const { error } = await next.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`Signing in to ${url} failed: ${error.message}`)
  client = next
}

/** The HTTP requests `fn` makes through the client. */
export async function recordRequests(fn: () => Promise<unknown>): Promise<RecordedRequest[]> {
  recording = []
  try {
    await fn()
    return recording
  } finally {
    recording = null
  }
}
