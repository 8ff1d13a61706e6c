import { createClient } from '@supabase/supabase-js'
import type { Database } from '@shared/database.types'
import type { AppClient } from '../lib/supabase'

/** A vsn 2.0.0 frame: [join_ref, ref, topic, event, payload] (docs/REALTIME_CONTRACT.md §2). */
export type Frame = [string | null, string | null, string, string, Record<string, unknown>]

interface JoinConfig {
  config: { postgres_changes: Record<string, unknown>[] }
  access_token?: string
}

/**
 * A Realtime server in a WebSocket's clothes, as supabase-js's `realtime.transport`: it opens at
 * once, answers heartbeats and joins (each binding gets an id) unless told to stay silent, and
 * records every frame the client sends.
 */
export class FakeRealtimeSocket {
  static sockets: FakeRealtimeSocket[] = []
  static answerJoins = true

  static get latest(): FakeRealtimeSocket {
    return FakeRealtimeSocket.sockets.at(-1)!
  }

  static reset() {
    FakeRealtimeSocket.sockets = []
    FakeRealtimeSocket.answerJoins = true
  }

  readyState = 0
  binaryType = 'blob'
  sent: Frame[] = []
  onopen: ((event: unknown) => void) | null = null
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null

  constructor(readonly url: string) {
    FakeRealtimeSocket.sockets.push(this)
    setTimeout(() => {
      if (this.readyState !== 0) return
      this.readyState = 1
      this.onopen?.({})
    })
  }

  send(data: string) {
    const frame = JSON.parse(data) as Frame
    this.sent.push(frame)
    const [joinRef, , topic, event, payload] = frame
    if (topic === 'phoenix' && event === 'heartbeat') this.reply(frame, {})
    else if (event === 'phx_join' && FakeRealtimeSocket.answerJoins) {
      const bindings = (payload as unknown as JoinConfig).config.postgres_changes
      this.reply(frame, {
        postgres_changes: bindings.map((binding, index) => ({ ...binding, id: index + 1 })),
      })
    } else if (event === 'phx_leave') {
      this.reply(frame, {})
      setTimeout(() => this.receive([joinRef, joinRef, topic, 'phx_close', {}]))
    }
  }

  close(code = 1000, reason = '') {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.({ code, reason, wasClean: true })
  }

  /** A frame from the server. */
  receive(frame: Frame) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }

  /** The server goes away (a restart: 1012). */
  drop(code = 1012) {
    this.close(code, 'restart')
  }

  /** The frames the client sent with this event. */
  framesOf(event: string): Frame[] {
    return this.sent.filter(([, , , name]) => name === event)
  }

  /** A `postgres_changes` event for the table, to every binding of the channel. */
  change(topic: string, table: string) {
    const join = this.framesOf('phx_join').findLast(([, , joined]) => joined === topic)
    const bindings = (join![4] as unknown as JoinConfig).config.postgres_changes
    this.receive([
      null,
      null,
      topic,
      'postgres_changes',
      {
        ids: bindings.flatMap((binding, index) => (binding.table === table ? [index + 1] : [])),
        data: {
          schema: 'public',
          table,
          type: 'UPDATE',
          commit_timestamp: '2026-11-18T10:00:00.000Z',
          columns: [{ name: 'id', type: 'int8' }],
          record: { id: 1 },
          old_record: { id: 1 },
          errors: null,
        },
      },
    ])
  }

  private reply([joinRef, ref, topic]: Frame, response: Record<string, unknown>) {
    setTimeout(() => this.receive([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]))
  }
}

/** A token shaped like GoTrue's (auth-js reads its claims), numbered so each refresh differs. */
export function fakeAccessToken(serial: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  const now = Math.floor(Date.now() / 1000)
  return [
    encode({ alg: 'HS256', typ: 'JWT' }),
    encode({ sub: 'desk-user', role: 'authenticated', aud: 'authenticated', exp: now + 3600, serial }),
    'signature',
  ].join('.')
}

/**
 * A real supabase-js client on the fake socket, with a GoTrue stand-in that signs in, refreshes
 * (a new access token each time) and signs out.
 */
let clients = 0

export function createFakeRealtimeClient(): AppClient {
  let serial = 0
  const session = () => ({
    access_token: fakeAccessToken(++serial),
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: `refresh-${serial}`,
    user: { id: 'desk-user', aud: 'authenticated', role: 'authenticated', email: 'desk@innkeeper.local' },
  })
  const fakeFetch: typeof fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/auth/v1/token')) return Response.json(session())
    if (url.includes('/auth/v1/logout')) return new Response(null, { status: 204 })
    return Response.json({ message: 'not here' }, { status: 404 })
  }
  const memory = new Map<string, string>()
  return createClient<Database>('http://desk.test', 'anon-key', {
    auth: {
      storageKey: `fake-realtime-${++clients}`,
      autoRefreshToken: false,
      persistSession: true,
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    },
    global: { fetch: fakeFetch },
    realtime: { transport: FakeRealtimeSocket as unknown as typeof WebSocket },
  })
}
