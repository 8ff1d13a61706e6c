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
  /** From the commit (the backend's commit_timestamp) to each client's callback, over every client and change. */
  commitToEvent: Latency
  /** Events that never arrived (of clients × writes). */
  missed: number
  /** The same sustained load and the same stream of changes, with no client connected, then with them. */
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
 * The sustained load while a staff desk changes a booking every `writeEveryMs` through the API: first
 * with no Realtime client, then with `clients` supabase-js clients (signed in as staff, each subscribed
 * to the bookings' changes as a desk is). The latency runs from the commit_timestamp the backend
 * stamps when the commit's notification reaches it to each client's callback (same machine, same
 * clock; the clients share the bench's process with the load, so it errs on the slow side).
 */
export async function measureRealtime(
  backend: { url: string; anonKey: string },
  credentials: { email: string; password: string },
  requests: readonly RecordedRequest[],
  options: RealtimeBenchOptions,
): Promise<RealtimeFigures> {
  const writer = nodeClient(backend)
  const { data, error } = await writer.auth.signInWithPassword(credentials)
  if (error || !data.session) throw new Error(`Signing in for the realtime bench failed: ${error?.message}`)
  const { data: booking } = await writer.from('bookings').select('id').limit(1).single()
  if (!booking) throw new Error('The realtime bench needs a booking to change')
  let writes = 0
  /** The sustained load while a desk changes the booking every writeEveryMs, with or without listeners. */
  const loadWhileWriting = async () => {
    let writing = true
    const writeLoop = (async () => {
      while (writing) {
        await writer
          .from('bookings')
          .update({ observations: `realtime bench ${writes++}` })
          .eq('id', booking.id)
        await new Promise((resolve) => setTimeout(resolve, options.writeEveryMs))
      }
    })()
    const figures = await sustainedLoad(requests, {
      connections: options.connections,
      seconds: options.seconds,
    })
    writing = false
    await writeLoop
    return figures
  }
  const loadWithout = await loadWhileWriting()
  const writesBefore = writes

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
              // commit_timestamp is when the backend learnt of the commit, on this machine's clock.
              samples.push(Date.now() - Date.parse(change.commit_timestamp))
            })
            .subscribe((status, failure) => {
              if (status === 'SUBSCRIBED') resolve()
              else if (status !== 'CLOSED') reject(new Error(`${status}: ${failure?.message}`))
            })
        })
      }),
    )
    const loadWith = await loadWhileWriting()
    // The last change's events are on their way.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const delivered = writes - writesBefore
    return {
      clients: options.clients,
      writes: delivered,
      commitToEvent: summarize(samples),
      missed: delivered * options.clients - samples.length,
      loadWithout,
      loadWith,
    }
  } finally {
    await Promise.all(clients.map((client) => client.removeAllChannels()))
    // Its own session only: supabase-js ends every session of the account by default, the bench's
    // own client's too, whose later requests would then be a stranger's.
    await writer.auth.signOut({ scope: 'local' })
  }
}

function nodeClient(backend: { url: string; anonKey: string }): Client {
  return createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}
