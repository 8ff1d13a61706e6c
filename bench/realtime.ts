import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import type { Database } from '@shared/database.types'
import type { RecordedRequest } from './appClient'
import { sustainedLoad, type LoadFigures } from './load'
import { summarize, type Latency } from './stats'

/** Issue 19's figures: live updates to many desks while the backend is under the sustained load. */
export interface RealtimeFigures {
  clients: number
  writes: number
  /** From sending a booking change to each subscribed client's callback, over every client and change. */
  commitToEvent: Latency
  /** Events that never arrived (of clients × writes). */
  missed: number
  /** The same sustained load with no client connected, then with the clients subscribed. */
  loadWithout: LoadFigures
  loadWith: LoadFigures
}

export interface RealtimeBenchOptions {
  clients: number
  connections: number
  seconds: number
  /** Between two booking changes during the loaded run. */
  writeEveryMs: number
}

type Client = SupabaseClient<Database>

/**
 * The sustained load without Realtime clients, then `clients` supabase-js clients (signed in as staff,
 * each subscribed to the bookings' changes as the app's desks are) connected during the same load,
 * while a staff desk changes a booking every `writeEveryMs` through the API. The latency runs from
 * sending the change (its commit is inside) to each client's callback: an upper bound of
 * commit-to-event.
 */
export async function measureRealtime(
  backend: { url: string; anonKey: string },
  credentials: { email: string; password: string },
  requests: readonly RecordedRequest[],
  options: RealtimeBenchOptions,
): Promise<RealtimeFigures> {
  const load = { connections: options.connections, seconds: options.seconds }
  const loadWithout = await sustainedLoad(requests, load)

  const writer = nodeClient(backend)
  const { data, error } = await writer.auth.signInWithPassword(credentials)
  if (error || !data.session) throw new Error(`Signing in for the realtime bench failed: ${error?.message}`)
  const { data: booking } = await writer.from('bookings').select('id').limit(1).single()
  if (!booking) throw new Error('The realtime bench needs a booking to change')

  const sentAt = new Map<string, number>()
  const samples: number[] = []
  const clients: Client[] = []
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async (_, i) => {
        const client = nodeClient(backend)
        clients.push(client)
        await client.realtime.setAuth(data.session.access_token)
        await new Promise<void>((resolve, reject) => {
          client
            .channel(`bench-desk-${i}`)
            .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'bookings' }, (change) => {
              const sent = sentAt.get(String((change.new as { observations?: string }).observations))
              if (sent !== undefined) samples.push(performance.now() - sent)
            })
            .subscribe((status, failure) => {
              if (status === 'SUBSCRIBED') resolve()
              else if (status !== 'CLOSED') reject(new Error(`${status}: ${failure?.message}`))
            })
        })
      }),
    )
    let writes = 0
    let writing = true
    const writeLoop = (async () => {
      while (writing) {
        const marker = `realtime bench ${writes++}`
        sentAt.set(marker, performance.now())
        await writer.from('bookings').update({ observations: marker }).eq('id', booking.id)
        await new Promise((resolve) => setTimeout(resolve, options.writeEveryMs))
      }
    })()
    const loadWith = await sustainedLoad(requests, load)
    writing = false
    await writeLoop
    // The last change's events are on their way.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return {
      clients: options.clients,
      writes,
      commitToEvent: summarize(samples),
      missed: writes * options.clients - samples.length,
      loadWithout,
      loadWith,
    }
  } finally {
    await Promise.all(clients.map((client) => client.removeAllChannels()))
    await writer.auth.signOut()
  }
}

function nodeClient(backend: { url: string; anonKey: string }): Client {
  return createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}
