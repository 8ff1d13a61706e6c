import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ws from 'ws'
import type { Database } from '../../src/shared/database.types'
import { addBooking, addCabin, addGuest } from '../harness/testFixtures'
import { recordingDatabase } from '../reliability/support/recordingDatabase'
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  startTestServer,
  supabaseClient,
  type TestServer,
} from '../harness/testServer'

/**
 * Issue 19: the Realtime endpoint against clients that are not supabase-js, or not friendly: keys that
 * are not staff, garbage frames, floods of joins, a reader that stops reading, a socket that goes
 * silent — and 50 desks at once. The server answers in the contract's words, stays bounded, never falls.
 */
type Frame = [string | null, string | null, string, string, Record<string, unknown>]

interface RawSocket {
  socket: ws
  frames: Frame[]
  closed: Promise<{ code: number; reason: string }>
  send(frame: unknown): void
}

let s: TestServer
/** The visibility checks the server ran (their SQL reads the changed rows as `realtime_rows`). */
let visibilityChecks = 0
const FRAME_BYTES_MAX = 64 * 1024
const SEND_BUFFER_BYTES = 32 * 1024
/** Short for the test, long enough that a busy test process never mistakes a writer for a silent one. */
const IDLE_TIMEOUT_MS = 4000

beforeAll(async () => {
  s = await startTestServer({
    wrapDatabase: (db) =>
      recordingDatabase(db, (sql) => {
        if (sql.includes('realtime_rows')) visibilityChecks++
      }),
    realtimeLimits: {
      frameBytesMax: FRAME_BYTES_MAX,
      sendBufferBytes: SEND_BUFFER_BYTES,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
    },
  })
})
afterAll(() => s?.stop())

async function rawSocket(key = s.serviceKey): Promise<RawSocket> {
  const socket = new ws(`${s.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`)
  const frames: Frame[] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return { socket, frames, closed, send: (frame) => socket.send(JSON.stringify(frame)) }
}

const join = (ref: string, topic: string, table = 'bookings', accessToken?: string) => [
  ref,
  ref,
  `realtime:${topic}`,
  'phx_join',
  {
    config: { postgres_changes: [{ event: '*', schema: 'public', table }] },
    ...(accessToken ? { access_token: accessToken } : {}),
  },
]

const newBooking = async (fields: Record<string, unknown> = {}) =>
  addBooking(s.db, {
    cabinId: await addCabin(s.db),
    guestId: await addGuest(s.db),
    startDate: '2027-03-10',
    nights: 4,
    fields,
  })

async function heartbeatAnswered(raw: RawSocket, ref: string): Promise<void> {
  raw.send([null, ref, 'phoenix', 'heartbeat', {}])
  await expect
    .poll(() => raw.frames.find((frame) => frame[1] === ref)?.[4])
    .toEqual({ status: 'ok', response: {} })
}

describe('what a client that is not staff gets', () => {
  it('sends the anon key nothing, though it may join', async () => {
    const raw = await rawSocket(s.anonKey)
    raw.send(join('1', 'anon'))
    await expect.poll(() => raw.frames.find((frame) => frame[1] === '1')?.[4].status).toBe('ok')
    const id = await newBooking()
    await s.db.query(`update public.bookings set status = 'cancelled' where id = $1`, [id])
    await s.db.query('delete from public.bookings where id = $1', [id])
    await s.realtimeSettled()
    await heartbeatAnswered(raw, '2')
    expect(raw.frames.filter((frame) => frame[3] === 'postgres_changes')).toEqual([])
    raw.socket.close()
  })

  it('refuses the handshake without a key, and a version other than 2.0.0', async () => {
    const status = (query: string) =>
      new Promise<number>((resolve) => {
        const socket = new ws(`${s.url.replace('http', 'ws')}/realtime/v1/websocket${query}`)
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        socket.on('open', () => resolve(101))
        socket.on('error', () => {})
      })
    expect(await status('?vsn=2.0.0')).toBe(401)
    expect(await status(`?apikey=${s.anonKey}&vsn=1.0.0`)).toBe(400)
    expect(await status(`?apikey=${s.anonKey}`)).toBe(400)
  })
})

describe('garbage in', () => {
  it.each([
    ['text that is not JSON', 'hello'],
    ['an object frame', JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' })],
    ['a null payload', JSON.stringify([null, '1', 'phoenix', 'heartbeat', null])],
    [
      'a frame nested 10 000 deep',
      `[null,"1","phoenix","heartbeat",${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}]`,
    ],
  ])('closes the socket with 1007 on %s', async (_name, text) => {
    const raw = await rawSocket()
    raw.socket.send(text)
    expect((await raw.closed).code).toBe(1007)
  })

  it('closes the socket with 1009 on a frame over the size limit', async () => {
    const raw = await rawSocket()
    raw.send([null, '1', 'phoenix', 'heartbeat', { padding: 'x'.repeat(FRAME_BYTES_MAX) }])
    expect((await raw.closed).code).toBe(1009)
  })

  it('ignores binary frames, and answers pushes to unknown topics with unmatched topic', async () => {
    const raw = await rawSocket()
    raw.socket.send(Buffer.from([4, 1, 2, 3]))
    raw.send(['9', '3', 'realtime:never-joined', 'broadcast', {}])
    await expect
      .poll(() => raw.frames.find((frame) => frame[1] === '3'))
      .toEqual([
        null,
        '3',
        'realtime:never-joined',
        'phx_reply',
        { status: 'error', response: { reason: 'unmatched topic' } },
      ])
    await heartbeatAnswered(raw, '4')
    raw.socket.close()
  })

  it('refuses a topic without a name, and keeps serving', async () => {
    const raw = await rawSocket()
    raw.send(['1', '1', 'realtime:', 'phx_join', {}])
    await expect
      .poll(() => raw.frames.find((frame) => frame[1] === '1')?.[4])
      .toEqual({ status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } })
    await heartbeatAnswered(raw, '2')
    raw.socket.close()
  })
})

describe('floods', () => {
  it('keeps sockets for the desks when one machine opens as many as it can with the public key', async () => {
    const small = await startTestServer({ realtimeLimits: { socketsMax: 5, socketsPerAddressMax: 3 } })
    // Two machines on the loopback network: a stranger at 127.0.0.2, a desk at 127.0.0.1.
    const handshake = (localAddress: string) =>
      new Promise<{ status: number; socket: ws }>((resolve) => {
        const socket = new ws(
          `${small.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${small.anonKey}&vsn=2.0.0`,
          { localAddress },
        )
        socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0, socket }))
        socket.on('open', () => resolve({ status: 101, socket }))
        socket.on('error', () => {})
      })
    try {
      const stranger = [
        await handshake('127.0.0.2'),
        await handshake('127.0.0.2'),
        await handshake('127.0.0.2'),
      ]
      expect(stranger.map(({ status }) => status)).toEqual([101, 101, 101])
      expect((await handshake('127.0.0.2')).status).toBe(429)
      const desk = await handshake('127.0.0.1')
      expect(desk.status).toBe(101)
      // A socket given back is the stranger's to open again; the total still counts every machine.
      const closed = new Promise((resolve) => stranger[0].socket.once('close', resolve))
      stranger[0].socket.close()
      await closed
      await expect.poll(async () => (await handshake('127.0.0.2')).status).toBe(101)
      for (const { socket } of [...stranger, desk]) socket.close()
    } finally {
      await small.stop()
    }
  })

  it('answers 1000 joins on one socket: 100 channels, then Too many channels', async () => {
    const raw = await rawSocket()
    for (let i = 1; i <= 1000; i++) raw.send(join(String(i), `flood-${i}`))
    await expect
      .poll(() => raw.frames.filter((frame) => frame[3] === 'phx_reply').length, { timeout: 20_000 })
      .toBe(1000)
    const replies = raw.frames.filter((frame) => frame[3] === 'phx_reply')
    expect(replies.filter((frame) => frame[4].status === 'ok')).toHaveLength(100)
    const reasons = replies
      .filter((frame) => frame[4].status === 'error')
      .map((frame) => JSON.stringify(frame[4].response))
    expect(new Set(reasons)).toEqual(
      new Set([JSON.stringify({ reason: 'ChannelRateLimitReached: Too many channels' })]),
    )
    raw.socket.close()
  })

  it('disconnects a reader that stops reading instead of buffering for it', async () => {
    const slow = await rawSocket()
    // A hundred channels on bookings: each change is a hundred frames for this one reader.
    for (let i = 1; i <= 100; i++) slow.send(join(String(i), `slow-${i}`))
    await expect
      .poll(() => slow.frames.filter((frame) => frame[3] === 'phx_reply' && frame[4].status === 'ok').length)
      .toBe(100)
    const underlying = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket
    underlying.pause()
    // It keeps writing (heartbeats), so it is never idle: only its not reading can end it.
    let beat = 1000
    const heartbeats = setInterval(() => {
      if (slow.socket.readyState === ws.OPEN) slow.send([null, String(beat++), 'phoenix', 'heartbeat', {}])
    }, 300)
    try {
      for (let i = 0; i < 60; i++) await newBooking({ observations: 'x'.repeat(2000) })
      await s.realtimeSettled()
      underlying.resume()
      const outcome = await Promise.race([
        slow.closed.then(({ code }) => code),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 8000)),
      ])
      expect(outcome).toBe(1006)
    } finally {
      clearInterval(heartbeats)
      slow.socket.terminate()
    }
    // Others are still served.
    const fresh = await rawSocket()
    await heartbeatAnswered(fresh, '1')
    fresh.socket.close()
  })

  it('drops a socket that stays silent past the idle timeout', async () => {
    const raw = await rawSocket()
    const started = Date.now()
    await raw.closed
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100)
  })
})

describe('many desks', () => {
  it('serves 50 supabase-js clients on one change each, with one visibility check', async () => {
    const signedIn = supabaseClient(s.url, s.anonKey)
    const { data } = await signedIn.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    const token = data.session!.access_token
    const clients: SupabaseClient<Database>[] = []
    const received: number[] = []
    try {
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const client = supabaseClient(s.url, s.anonKey)
          clients.push(client)
          await client.realtime.setAuth(token)
          await new Promise<void>((resolve, reject) => {
            client
              .channel(`desk-${i}`)
              .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bookings' }, () =>
                received.push(i),
              )
              .subscribe((status) => {
                if (status === 'SUBSCRIBED') resolve()
                if (status === 'CHANNEL_ERROR') reject(new Error(status))
              })
          })
        }),
      )
      await s.realtimeSettled()
      const checksBefore = visibilityChecks
      await newBooking()
      await expect.poll(() => received.length).toBe(50)
      expect(new Set(received).size).toBe(50)
      // Fifty subscribers with one user's claims: one check of the change, not fifty.
      expect(visibilityChecks - checksBefore).toBe(1)
    } finally {
      await Promise.all(clients.map((client) => client.removeAllChannels()))
    }
  })
})
