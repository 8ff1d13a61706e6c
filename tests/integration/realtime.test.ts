import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ws from 'ws'
import { loadSecret } from '../../src/server/keys'
import { startServer } from '../../src/server/index'
import type { Database } from '../../src/shared/database.types'
import { addBooking, addCabin, addGuest } from '../harness/testFixtures'
import { testDatabaseKinds } from '../harness/testDatabases'
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  startTestServer,
  supabaseClient,
  type TestServer,
} from '../harness/testServer'

/**
 * Issue 19: the embedded backend's Realtime endpoint, driven by the real supabase-js (ws transport) —
 * the conformance list of docs/REALTIME_CONTRACT.md §13, on PGlite and on PostgreSQL.
 */

type Frame = [string | null, string | null, string, string, Record<string, unknown>]
type Client = SupabaseClient<Database>
type Change = {
  eventType: string
  new: Record<string, unknown>
  old: Record<string, unknown>
  [key: string]: unknown
}

/** Every frame a client sent and received, decoded. */
interface FrameLog {
  sent: Frame[]
  received: Frame[]
  urls: string[]
}

function recordingTransport(log: FrameLog): typeof ws {
  return class RecordingSocket extends ws {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols)
      log.urls.push(url)
      this.on('message', (data) => log.received.push(JSON.parse(String(data)) as Frame))
    }
    override send(data: unknown, ...rest: unknown[]): void {
      log.sent.push(JSON.parse(String(data)) as Frame)
      ;(super.send as (...args: unknown[]) => void)(data, ...rest)
    }
  } as unknown as typeof ws
}

function recordingClient(url: string, key: string): { client: Client; log: FrameLog } {
  const log: FrameLog = { sent: [], received: [], urls: [] }
  const client = createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: recordingTransport(log) as never },
  })
  return { client, log }
}

let counter = 0

describe.each(testDatabaseKinds())('Realtime endpoint on %s', (kind) => {
  let s: TestServer
  let secret: Uint8Array
  const clients: Client[] = []

  beforeAll(async () => {
    s = await startTestServer({}, kind)
    secret = await loadSecret(s.dataDir)
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()))
    await s?.stop()
  })

  function newClient(key = s.anonKey): { client: Client; log: FrameLog } {
    const made = recordingClient(s.url, key)
    clients.push(made.client)
    return made
  }

  async function staffClient(email = DEMO_EMAIL, password = DEMO_PASSWORD) {
    const made = newClient()
    const { error } = await made.client.auth.signInWithPassword({ email, password })
    expect(error).toBeNull()
    return made
  }

  /** A channel with one `.on` per binding, subscribed; resolves on SUBSCRIBED with what arrives. */
  async function subscribe(
    client: Client,
    bindings: { event: string; table: string; filter?: string }[],
  ): Promise<{
    channel: RealtimeChannel
    changes: Change[][]
    system: Record<string, unknown>[]
    statuses: string[]
  }> {
    const changes: Change[][] = bindings.map(() => [])
    const system: Record<string, unknown>[] = []
    const statuses: string[] = []
    let channel = client.channel(`feed-${++counter}`)
    bindings.forEach((binding, i) => {
      channel = channel.on(
        'postgres_changes' as never,
        { schema: 'public', ...binding } as never,
        ((payload: Change) => changes[i].push(payload)) as never,
      )
    })
    channel = channel.on('system', {}, (payload: Record<string, unknown>) => system.push(payload))
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        statuses.push(error ? `${status}: ${error.message}` : status)
        if (status === 'SUBSCRIBED') resolve()
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(statuses.join('; ')))
      })
    })
    return { channel, changes, system, statuses }
  }

  const newBooking = async (fields: Record<string, unknown> = {}) =>
    addBooking(s.db, {
      cabinId: await addCabin(s.db),
      guestId: await addGuest(s.db),
      startDate: '2027-03-10',
      nights: 4,
      fields,
    })

  /** Waits until every committed change reached the sockets, then lets the client read them. */
  async function delivered(): Promise<void> {
    await s.realtimeSettled()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret)

  it('1. refuses a bad apikey before the upgrade, with 401 and a JSON error', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = new ws(`${s.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=bogus&vsn=2.0.0`)
      socket.on('unexpected-response', (_req, res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      socket.on('open', () => reject(new Error('upgraded with a bogus key')))
      socket.on('error', () => {})
    })
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body)).toEqual({ error: 'The token provided is not a valid JWT' })

    const { client } = newClient('bogus')
    const status = await new Promise<string>((resolve) => {
      client.channel('refused').subscribe((state, error) => resolve(`${state}: ${error?.message}`))
    })
    expect(status).toBe('CHANNEL_ERROR: channel error: transport failure')
    await client.removeAllChannels()
  })

  it('2. joins as staff: the token rides in the join, one positive integer id comes back, then the system message', async () => {
    const { client, log } = await staffClient()
    const { data } = await client.auth.getSession()
    const { channel, system } = await subscribe(client, [{ event: '*', table: 'bookings' }])
    expect(log.urls[0]).toMatch(/\/realtime\/v1\/websocket\?apikey=[^&]+&vsn=2\.0\.0$/)
    const join = log.sent.find((frame) => frame[3] === 'phx_join')!
    expect(join[4].access_token).toBe(data.session!.access_token)
    const replyFrame = log.received.find((frame) => frame[3] === 'phx_reply' && frame[1] === join[1])!
    expect(replyFrame[0]).toBe(join[0])
    expect(replyFrame[2]).toBe(join[2])
    const bindings = (replyFrame[4].response as { postgres_changes: { id: unknown }[] }).postgres_changes
    expect(bindings).toHaveLength(1)
    expect(bindings[0]).toMatchObject({ event: '*', schema: 'public', table: 'bookings' })
    expect(Number.isInteger(bindings[0].id) && (bindings[0].id as number) > 0).toBe(true)
    await expect
      .poll(() => system)
      .toContainEqual({
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
        extension: 'postgres_changes',
        channel: channel.subTopic,
      })
  })

  it('3. refuses a join with an expired token with InvalidJWTToken', async () => {
    const { client } = newClient()
    const exp = Math.floor(s.clock.now() / 1000) - 300
    await client.realtime.setAuth(await sign({ role: 'authenticated', aud: 'authenticated', exp }))
    const status = await new Promise<string>((resolve) => {
      client.channel('late').subscribe((state, error) => resolve(`${state}: ${error?.message}`))
    })
    expect(status).toMatch(/^CHANNEL_ERROR: InvalidJWTToken: Token has expired 30\d seconds ago$/)
    await client.removeAllChannels()
  })

  it('4–6. sends INSERT, UPDATE and DELETE in the shapes supabase-js turns into payloads', async () => {
    const { client } = await staffClient()
    const { changes } = await subscribe(client, [{ event: '*', table: 'bookings' }])
    const id = await newBooking()
    await s.db.query(`update public.bookings set status = 'cancelled' where id = $1`, [id])
    await s.db.query('delete from public.bookings where id = $1', [id])
    await expect.poll(() => changes[0].length).toBe(3)
    const [insert, update, remove] = changes[0]
    expect(insert).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'bookings',
      old: {},
      errors: null,
      new: {
        id,
        status: 'unconfirmed',
        numGuests: 2,
        isPaid: false,
        startDate: '2027-03-10',
        cabinPrice: 720,
      },
    })
    expect(insert.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(insert.new.created_at).toMatch(/\+00:00$/)
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { id, status: 'cancelled' }, old: { id } })
    expect(Object.keys(update.old)).toEqual(['id'])
    expect(remove).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } })
    expect(Object.keys(remove.old)).toEqual(['id'])
  })

  it('7. sends a signed-in non-staff account nothing, and staff everything', async () => {
    const outsider = newClient()
    const { error } = await outsider.client.auth.signUp({
      email: `outsider-${kind}@example.com`,
      password: 'long-enough-1',
    })
    expect(error).toBeNull()
    const theirs = await subscribe(outsider.client, [{ event: '*', table: 'bookings' }])
    const staff = await staffClient()
    const ours = await subscribe(staff.client, [{ event: '*', table: 'bookings' }])
    const id = await newBooking()
    await s.db.query(`update public.bookings set status = 'cancelled' where id = $1`, [id])
    await s.db.query('delete from public.bookings where id = $1', [id])
    await expect.poll(() => ours.changes[0].length).toBe(3)
    await delivered()
    expect(theirs.changes[0]).toEqual([])
    expect(outsider.log.received.filter((frame) => frame[3] === 'postgres_changes')).toEqual([])
  })

  it('8. takes a refreshed token silently and goes on delivering', async () => {
    const { client, log } = await staffClient()
    const { channel, changes } = await subscribe(client, [{ event: 'INSERT', table: 'bookings' }])
    // A token issued in the same second as the first would be the same token.
    s.clock.advance(2)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    await expect.poll(() => log.sent.filter((frame) => frame[3] === 'access_token')).toHaveLength(1)
    const push = log.sent.find((frame) => frame[3] === 'access_token')!
    expect(push[4]).toEqual({ access_token: data.session!.access_token })
    const id = await newBooking()
    await expect.poll(() => changes[0].map((change) => change.new.id)).toEqual([id])
    expect(log.received.filter((frame) => frame[3] === 'phx_reply' && frame[1] === push[1])).toEqual([])
    expect(channel.state).toBe('joined')
  })

  it('9. after sign-out the anon key is pushed and staff-only changes stop', async () => {
    const { client, log } = await staffClient()
    const { changes } = await subscribe(client, [{ event: 'INSERT', table: 'bookings' }])
    await client.auth.signOut()
    await expect
      .poll(() => log.sent.filter((frame) => frame[3] === 'access_token').map((f) => f[4]))
      .toEqual([{ access_token: s.anonKey }])
    await delivered()
    await newBooking()
    await delivered()
    expect(changes[0]).toEqual([])
  })

  it('10. closes the channel when a pushed token has expired', async () => {
    const { client, log } = await staffClient()
    const { channel, statuses } = await subscribe(client, [{ event: '*', table: 'bookings' }])
    const exp = Math.floor(s.clock.now() / 1000) - 5
    await client.realtime.setAuth(await sign({ role: 'authenticated', aud: 'authenticated', sub: 'x', exp }))
    await expect.poll(() => statuses).toContain('CLOSED')
    const system = log.received.find((frame) => frame[3] === 'system' && frame[4].extension === 'system')!
    expect(system[4]).toMatchObject({ status: 'error', channel: channel.subTopic })
    expect(system[4].message).toMatch(/^Token has expired \d+ seconds ago$/)
    const close = log.received.find((frame) => frame[3] === 'phx_close')!
    expect(close[1]).toBe(close[0])
    expect(client.getChannels()).not.toContain(channel)
  })

  it('10b. closes the channel at the token’s expiry while joined', async () => {
    const { client } = newClient()
    const exp = Math.floor(s.clock.now() / 1000) + 3
    await client.realtime.setAuth(await sign({ role: 'service_role', exp }))
    const { statuses, system } = await subscribe(client, [{ event: '*', table: 'bookings' }])
    await expect.poll(() => statuses, { timeout: 5000 }).toContain('CLOSED')
    expect(system.map((message) => message.message)).toContainEqual(
      expect.stringMatching(/^Token has expired/),
    )
  })

  it('11. answers a heartbeat with the same ref', async () => {
    const { client, log } = await staffClient()
    await subscribe(client, [{ event: '*', table: 'bookings' }])
    client.realtime.sendHeartbeat()
    await expect.poll(() => log.sent.find((frame) => frame[3] === 'heartbeat')).toBeDefined()
    const sent = log.sent.find((frame) => frame[3] === 'heartbeat')!
    expect(sent.slice(0, 3)).toEqual([null, sent[1], 'phoenix'])
    await expect
      .poll(() => log.received.find((frame) => frame[1] === sent[1]))
      .toEqual([null, sent[1], 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
  })

  it('13. filters on the new row: status=eq.unconfirmed and numGuests=eq.3', async () => {
    const { client } = await staffClient()
    const { changes } = await subscribe(client, [
      { event: '*', table: 'bookings', filter: 'status=eq.unconfirmed' },
      { event: '*', table: 'bookings', filter: 'numGuests=eq.3' },
    ])
    const two = await newBooking({ numGuests: 2 })
    const three = await newBooking({ numGuests: 3 })
    await s.db.query(`update public.bookings set status = 'cancelled' where id = $1`, [three])
    await s.db.query('delete from public.bookings where id = $1', [three])
    await delivered()
    await expect
      .poll(() => changes[0].map((c) => [c.eventType, c.new.id]))
      .toEqual([
        ['INSERT', two],
        ['INSERT', three],
      ])
    expect(changes[1].map((c) => [c.eventType, c.new.id])).toEqual([
      ['INSERT', three],
      ['UPDATE', three],
    ])
  })

  it('14. one frame per change, carrying the numeric ids of every matching binding', async () => {
    const { client, log } = await staffClient()
    const { changes, channel } = await subscribe(client, [
      { event: '*', table: 'bookings' },
      { event: 'UPDATE', table: 'bookings', filter: 'status=eq.cancelled' },
    ])
    const join = log.sent.find((frame) => frame[3] === 'phx_join' && frame[2] === channel.topic)!
    const replied = log.received.find((frame) => frame[3] === 'phx_reply' && frame[1] === join[1])!
    const [a, b] = (replied[4].response as { postgres_changes: { id: number }[] }).postgres_changes.map(
      (e) => e.id,
    )
    const id = await newBooking()
    await s.db.query(`update public.bookings set status = 'cancelled' where id = $1`, [id])
    await expect.poll(() => changes[1].length).toBe(1)
    await delivered()
    const events = log.received.filter(
      (frame) => frame[3] === 'postgres_changes' && frame[2] === channel.topic,
    )
    expect(events.map((frame) => [frame[0], frame[1], frame[4].ids])).toEqual([
      [null, null, [a]],
      [null, null, [a, b]],
    ])
    expect(changes[0].map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE'])
  })

  it('15–16. an unknown table or a bad filter: joined, then a postgres_changes system error', async () => {
    const { client } = await staffClient()
    const unknown = await subscribe(client, [{ event: '*', table: 'nope' }])
    await expect
      .poll(() => unknown.system[0])
      .toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect(unknown.system[0].message).toMatch(/^Unable to subscribe to changes with given parameters/)
    expect(unknown.channel.state).toBe('joined')
    const bad = await subscribe(client, [{ event: '*', table: 'bookings', filter: 'status=foo.x' }])
    await expect.poll(() => bad.system[0]?.message).toBe('Error parsing `filter` params: ["foo", "x"]')
    const column = await subscribe(client, [{ event: '*', table: 'bookings', filter: 'nope=eq.1' }])
    await expect.poll(() => column.system[0]?.message).toMatch(/invalid column for filter nope$/)
  })

  it('17. leaves: reply ok and phx_close, and no more frames for the topic', async () => {
    const { client, log } = await staffClient()
    const { channel } = await subscribe(client, [{ event: '*', table: 'bookings' }])
    expect(await client.removeChannel(channel)).toBe('ok')
    const leave = log.sent.find((frame) => frame[3] === 'phx_leave')!
    await expect
      .poll(() => log.received.find((frame) => frame[1] === leave[1])?.[4])
      .toEqual({ status: 'ok', response: {} })
    await expect.poll(() => log.received.some((frame) => frame[3] === 'phx_close')).toBe(true)
    await newBooking()
    await delivered()
    expect(log.received.filter((frame) => frame[3] === 'postgres_changes')).toEqual([])
  })

  it('12. reconnects after a server restart and delivers on the new ids', async () => {
    const { client } = await staffClient()
    const { statuses, changes } = await subscribe(client, [{ event: 'INSERT', table: 'bookings' }])
    const port = Number(new URL(s.url).port)
    await s.close()
    await expect.poll(() => statuses.some((status) => status.startsWith('CHANNEL_ERROR'))).toBe(true)
    expect(statuses).toContain('CHANNEL_ERROR: socket closed: 1012 (restart)')
    const again = await startServer({ dataDir: s.dataDir, port, log: false, databaseUrl: s.databaseUrl })
    try {
      await expect
        .poll(() => statuses.filter((status) => status === 'SUBSCRIBED'), { timeout: 15_000 })
        .toHaveLength(2)
      const id = await newBookingOn(again.url, again.serviceKey)
      await expect.poll(() => changes[0].map((change) => change.new.id)).toEqual([id])
    } finally {
      await client.removeAllChannels()
      await again.close()
    }
  })

  /** Through the API of a restarted server (the test server's own connection is closed). */
  async function newBookingOn(url: string, serviceKey: string): Promise<number> {
    const admin = supabaseClient(url, serviceKey)
    const cabin = await admin
      .from('cabins')
      .insert({ name: `after-restart-${kind}`, maxCapacity: 6, regularPrice: 200, discount: 20 })
      .select('id')
      .single()
    const guest = await admin
      .from('guests')
      .insert({
        fullName: 'After Restart',
        email: `restart-${kind}@example.com`,
        nationalID: '123456',
        nationality: 'Portugal',
        countryFlag: 'https://flagcdn.com/pt.svg',
      })
      .select('id')
      .single()
    const booking = await admin
      .from('bookings')
      .insert({
        cabinId: cabin.data!.id,
        guestId: guest.data!.id,
        startDate: '2027-05-10',
        endDate: '2027-05-14',
        numNights: 4,
        numGuests: 2,
        cabinPrice: 720,
        extrasPrice: 0,
        totalPrice: 720,
        hasBreakfast: false,
        isPaid: false,
        status: 'unconfirmed',
      })
      .select('id')
      .single()
    expect(booking.error).toBeNull()
    return booking.data!.id
  }
})
