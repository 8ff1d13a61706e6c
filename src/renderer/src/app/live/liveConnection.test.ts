import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeRealtimeClient, FakeRealtimeSocket } from '../../test/fakeRealtime'
import type { AppClient } from '../../lib/supabase'
import { OFFLINE_AFTER_MS, startLiveConnection, type LiveStatus } from './liveConnection'
import { LIVE_TABLES } from './liveQueryKeys'

let client: AppClient
let stop: (() => void) | undefined

beforeEach(async () => {
  FakeRealtimeSocket.reset()
  client = createFakeRealtimeClient()
  const { error } = await client.auth.signInWithPassword({ email: 'desk@innkeeper.local', password: 'x' })
  expect(error).toBeNull()
})

afterEach(async () => {
  stop?.()
  stop = undefined
  vi.useRealTimers()
  await client.realtime.disconnect()
})

function start() {
  const statuses: LiveStatus[] = []
  const changes: string[] = []
  const onResumed = vi.fn()
  stop = startLiveConnection({
    client,
    onChange: (table) => changes.push(table),
    onStatus: (status) => statuses.push(status),
    onResumed,
  })
  return { statuses, changes, onResumed }
}

const accessToken = async () => (await client.auth.getSession()).data.session!.access_token
const joins = () => FakeRealtimeSocket.sockets.flatMap((socket) => socket.framesOf('phx_join'))
const topicOf = () => joins().at(-1)![2]

describe('startLiveConnection, with supabase-js on a fake Realtime server', () => {
  it('joins one channel, as the signed-in staff member, with a binding per live table', async () => {
    const { statuses } = start()
    await vi.waitFor(() => expect(statuses).toEqual(['connecting', 'live']))
    expect(joins()).toHaveLength(1)
    const [, , topic, , payload] = joins()[0]
    expect(topic).toMatch(/^realtime:innkeeper-live-/)
    expect(payload).toMatchObject({
      access_token: await accessToken(),
      config: {
        postgres_changes: LIVE_TABLES.map((table) => ({ event: '*', schema: 'public', table })),
      },
    })
  })

  it('reports each change with its table', async () => {
    const { statuses, changes } = start()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'))
    FakeRealtimeSocket.latest.change(topicOf(), 'guests')
    FakeRealtimeSocket.latest.change(topicOf(), 'settings')
    expect(changes).toEqual(['guests', 'settings'])
  })

  it('says reconnecting while the server is away, live again once it is back, and asks everything again', async () => {
    const { statuses, onResumed } = start()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'))
    FakeRealtimeSocket.latest.drop()
    expect(statuses.at(-1)).toBe('reconnecting')
    expect(onResumed).not.toHaveBeenCalled()
    // supabase-js reconnects after 1 s and rejoins the same channel.
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'), { timeout: 5_000 })
    expect(FakeRealtimeSocket.sockets).toHaveLength(2)
    expect(onResumed).toHaveBeenCalledTimes(1)
  })

  it('says offline once the server has been away for OFFLINE_AFTER_MS', async () => {
    const { statuses } = start()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'))
    vi.useFakeTimers()
    FakeRealtimeSocket.answerJoins = false
    FakeRealtimeSocket.latest.drop()
    vi.advanceTimersByTime(OFFLINE_AFTER_MS - 1)
    expect(statuses.at(-1)).toBe('reconnecting')
    vi.advanceTimersByTime(1)
    expect(statuses.at(-1)).toBe('offline')
  })

  it('says offline at once when the browser loses the network before it is live', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    FakeRealtimeSocket.answerJoins = false
    const { statuses } = start()
    expect(statuses).toEqual(['offline'])
    vi.restoreAllMocks()
  })

  it('hands the channel the new token when the session refreshes, without leaving it', async () => {
    const { statuses } = start()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'))
    const before = await accessToken()
    await client.auth.refreshSession()
    const refreshed = await accessToken()
    expect(refreshed).not.toBe(before)
    await vi.waitFor(() =>
      expect(
        FakeRealtimeSocket.latest.framesOf('access_token').map(([, , topic, , payload]) => [topic, payload]),
      ).toEqual([[topicOf(), { access_token: refreshed }]]),
    )
    expect(FakeRealtimeSocket.latest.framesOf('phx_leave')).toEqual([])
    expect(statuses.at(-1)).toBe('live')
  })

  it('leaves the channel when the session signs out', async () => {
    const { statuses } = start()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'))
    await client.auth.signOut()
    await vi.waitFor(() => expect(FakeRealtimeSocket.latest.framesOf('phx_leave')).toHaveLength(1))
    await vi.waitFor(() => expect(client.realtime.getChannels()).toEqual([]))
  })

  it('opens a new channel when the server closes this one for good (an expired token)', async () => {
    const { statuses } = start()
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'))
    const firstTopic = topicOf()
    const join = joins()[0]
    FakeRealtimeSocket.latest.receive([join[0], join[0], firstTopic, 'phx_close', {}])
    expect(statuses.at(-1)).toBe('reconnecting')
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'), { timeout: 5_000 })
    expect(topicOf()).not.toBe(firstTopic)
  })
})
