import { createHash } from 'node:crypto'
import WebSocket from 'ws'
import type { Logger } from '../http/log'
import { checkFilters, FilterError, parseFilter, type Filter } from './filters'
import { decodeFrame, encodeFrame, reply, type Frame, type Payload, type Ref } from './protocol'
import type { Binding, ChangeType, Subscriber, SubscriberIndex } from './subscribers'
import type { PublishedTables } from './tables'
import { checkRealtimeToken, tokenExpired } from './tokens'
import { claimsKey } from './visibility'

export interface SocketLimits {
  /** Channels one socket may have joined at once. */
  channelsMax: number
  /** postgres_changes bindings one join may carry. */
  bindingsMax: number
  /** Bytes waiting to be sent to one client; past it the client is too slow and is disconnected. */
  sendBufferBytes: number
  /** A socket silent this long is dead (Phoenix: 60 s; the client's heartbeat comes every 25 s). */
  idleTimeoutMs: number
  /** Frames received and not handled yet; past it the client floods and is disconnected. */
  inboundQueueMax: number
  /** A token's expiry is checked again at least this often (Realtime: 5 minutes). */
  tokenRecheckMs: number
}

export interface SocketContext {
  secret: Uint8Array
  now(): number
  tables: PublishedTables
  subscribers: SubscriberIndex
  limits: SocketLimits
  logger: Logger
}

interface JoinedChannel {
  name: string
  joinRef: Ref
  token: string
  subscriber: Subscriber
  /** The bindings are in the subscriber index (their tables exist and their filters parsed). */
  live: boolean
  expiry: NodeJS.Timeout | undefined
}

const TOPIC_PREFIX = 'realtime:'
/** Realtime's close codes: 1012 restart, 1008 policy (flood), 1007 a frame that is not the protocol. */
export const CLOSE_RESTART = 1012
const CLOSE_POLICY = 1008
const CLOSE_INVALID_FRAME = 1007

/**
 * One client's websocket: the Phoenix channel protocol as Supabase Realtime speaks it for
 * postgres_changes (docs/REALTIME_CONTRACT.md). Frames are handled one after the other, in order.
 */
export class RealtimeSocket {
  readonly #ws: WebSocket
  readonly #context: SocketContext
  /** The handshake's key: a join without access_token (or with an `sb_` key) runs with it. */
  readonly #handshakeToken: string
  readonly #channels = new Map<string, JoinedChannel>()
  #inbound: Promise<void> = Promise.resolve()
  #inboundCount = 0
  #idle: NodeJS.Timeout | undefined
  #closed = false

  constructor(ws: WebSocket, handshakeToken: string, context: SocketContext) {
    this.#ws = ws
    this.#context = context
    this.#handshakeToken = handshakeToken
    ws.on('message', (data, isBinary) => this.#receive(data as Buffer, isBinary))
    ws.on('close', () => this.#teardown())
    ws.on('error', () => ws.terminate())
    this.#resetIdle()
  }

  /** Closes the socket (server stopping: the client reconnects on its own). */
  close(code: number, reason: string): void {
    this.#ws.close(code, reason)
  }

  /** Drops the socket at once, without a closing handshake. */
  terminate(): void {
    this.#ws.terminate()
  }

  #receive(data: Buffer, isBinary: boolean): void {
    this.#resetIdle()
    // The client sends binary frames only for broadcast, outside this subset.
    if (isBinary) return
    const frame = decodeFrame(data)
    if (!frame) {
      this.#ws.close(CLOSE_INVALID_FRAME, 'invalid frame')
      return
    }
    if (++this.#inboundCount > this.#context.limits.inboundQueueMax) {
      this.#ws.close(CLOSE_POLICY, 'too many messages')
      return
    }
    this.#inbound = this.#inbound
      .then(() => this.#handle(frame))
      .catch((error: unknown) => this.#context.logger.error('realtime frame failed', error))
      .finally(() => {
        this.#inboundCount--
      })
  }

  async #handle(frame: Frame): Promise<void> {
    if (this.#closed) return
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.#send(reply(frame, 'ok', {}))
      return
    }
    const channel = this.#channels.get(frame.topic)
    switch (frame.event) {
      case 'phx_join':
        return this.#join(frame)
      case 'phx_leave':
        this.#send(reply(frame, 'ok', {}))
        if (channel) this.#closeChannel(frame.topic, channel)
        return
      case 'access_token':
        if (channel) return this.#accessToken(frame.topic, channel, frame.payload)
    }
    // Other events on a joined channel (broadcast, presence) are outside this subset: ignored.
    if (!channel) this.#send({ ...reply(frame, 'error', { reason: 'unmatched topic' }), joinRef: null })
  }

  async #join(frame: Frame): Promise<void> {
    const { topic } = frame
    if (!topic.startsWith(TOPIC_PREFIX)) {
      this.#send({ ...reply(frame, 'error', { reason: 'unmatched topic' }), joinRef: null })
      return
    }
    const refuse = (reason: string) => this.#send(reply(frame, 'error', { reason }))
    const name = topic.slice(TOPIC_PREFIX.length)
    if (name === '') return refuse('TopicNameRequired: You must provide a topic name')
    // Phoenix ends the channel joined before under this topic, under its old join ref.
    const previous = this.#channels.get(topic)
    if (previous) this.#closeChannel(topic, previous)
    if (this.#channels.size >= this.#context.limits.channelsMax) {
      return refuse('ChannelRateLimitReached: Too many channels')
    }
    const config = isObject(frame.payload.config) ? frame.payload.config : {}
    const entries = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : []
    if (entries.length > this.#context.limits.bindingsMax) {
      return refuse('ChannelRateLimitReached: Too many postgres changes bindings')
    }
    const token = this.#tokenOf(frame.payload.access_token ?? frame.payload.user_token)
    const check = await checkRealtimeToken(token, this.#context.secret, this.#context.now())
    if (!check.ok) return refuse(`${check.code}: ${check.message}`)

    const objects = entries.filter(isObject)
    let bindings: Binding[] = []
    let failure: string | undefined
    try {
      bindings = await Promise.all(objects.map((entry) => this.#binding(entry)))
    } catch (error) {
      if (!(error instanceof FilterError)) throw error
      failure = error.message
    }
    const subscriber: Subscriber = {
      topic,
      claims: check.claims,
      claimsKey: claimsKey(check.claims),
      bindings,
      send: (text) => this.#sendText(text),
    }
    const channel: JoinedChannel = {
      name,
      joinRef: frame.joinRef,
      token,
      subscriber,
      live: !failure && bindings.length > 0,
      expiry: undefined,
    }
    this.#channels.set(topic, channel)
    // Live before the reply: a change committed after SUBSCRIBED is never missed.
    if (channel.live) this.#context.subscribers.add(subscriber)
    this.#scheduleExpiry(topic, channel, check.exp)
    this.#send(
      reply(frame, 'ok', {
        postgres_changes: objects.map((entry) => ({ ...entry, id: bindingId(entry) })),
      }),
    )
    if (objects.length > 0) this.#postgresStatus(topic, channel, failure)
  }

  /** The token a join or push names; absent, null or an `sb_` key means the handshake's. */
  #tokenOf(value: unknown): string {
    return typeof value === 'string' && value !== '' && !value.startsWith('sb_')
      ? value
      : this.#handshakeToken
  }

  /** One postgres_changes entry as a live binding, or a FilterError worded as Realtime words it. */
  async #binding(entry: Record<string, unknown>): Promise<Binding> {
    const event = typeof entry.event === 'string' ? entry.event.toUpperCase() : '*'
    const schema = typeof entry.schema === 'string' ? entry.schema : undefined
    const tableName = typeof entry.table === 'string' ? entry.table : undefined
    const filterText = typeof entry.filter === 'string' ? entry.filter : ''
    const params = (filters: Filter[]) =>
      `[event: ${event}, schema: ${schema ?? 'public'}, table: ${tableName ?? '*'}, filters: [${filters
        .map((f) => `{"${f.column}", "${f.operator}", "${f.values.join(',')}"}`)
        .join(', ')}], select: nil]`
    if (schema === undefined && tableName === undefined) {
      throw new FilterError(
        `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${params([])}`,
      )
    }
    const filters = parseFilter(filterText)
    const unavailable = () =>
      new FilterError(
        `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${params(filters)}`,
      )
    if (schema !== undefined && schema !== 'public' && schema !== '*') throw unavailable()
    const everyTable = tableName === undefined || tableName === '*'
    if (!everyTable) {
      const table = await this.#context.tables.get(tableName)
      if (!table) throw unavailable()
      try {
        checkFilters(filters, table.columnTypes)
      } catch (error) {
        throw new FilterError(
          `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${params(filters)}. Exception: ERROR P0001 (raise_exception) ${(error as Error).message}`,
        )
      }
    } else if (filters.length > 0) {
      throw unavailable()
    }
    return {
      id: bindingId(entry),
      event: ['INSERT', 'UPDATE', 'DELETE'].includes(event) ? (event as ChangeType) : undefined,
      table: everyTable ? undefined : tableName,
      filters,
    }
  }

  async #accessToken(topic: string, channel: JoinedChannel, payload: Payload): Promise<void> {
    const token = payload.access_token
    if (typeof token !== 'string' || token === channel.token || token.startsWith('sb_')) return
    const check = await checkRealtimeToken(token, this.#context.secret, this.#context.now())
    if (!check.ok) return this.#closeWithError(topic, channel, check.message)
    channel.token = token
    const { subscriber } = channel
    if (channel.live) this.#context.subscribers.remove(subscriber)
    subscriber.claims = check.claims
    subscriber.claimsKey = claimsKey(check.claims)
    if (channel.live) {
      this.#context.subscribers.add(subscriber)
      this.#postgresStatus(topic, channel, undefined)
    }
    this.#scheduleExpiry(topic, channel, check.exp)
  }

  /** Checks the token at its expiry (and every few minutes before: timers drift on a sleeping laptop). */
  #scheduleExpiry(topic: string, channel: JoinedChannel, exp: number): void {
    clearTimeout(channel.expiry)
    const left = exp * 1000 - this.#context.now()
    channel.expiry = setTimeout(
      () => {
        const ago = Math.floor(this.#context.now() / 1000) - exp
        if (ago >= 0) this.#closeWithError(topic, channel, tokenExpired(ago))
        else this.#scheduleExpiry(topic, channel, exp)
      },
      Math.max(0, Math.min(left, this.#context.limits.tokenRecheckMs)),
    )
    channel.expiry.unref()
  }

  #postgresStatus(topic: string, channel: JoinedChannel, failure: string | undefined): void {
    this.#send({
      joinRef: channel.joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: {
        message: failure ?? 'Subscribed to PostgreSQL',
        status: failure ? 'error' : 'ok',
        extension: 'postgres_changes',
        channel: channel.name,
      },
    })
  }

  /** Contract §5.3: a system error, then phx_close under the join ref; the client does not rejoin. */
  #closeWithError(topic: string, channel: JoinedChannel, message: string): void {
    this.#send({
      joinRef: channel.joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: channel.name },
    })
    this.#closeChannel(topic, channel)
  }

  #closeChannel(topic: string, channel: JoinedChannel): void {
    this.#send({ joinRef: channel.joinRef, ref: channel.joinRef, topic, event: 'phx_close', payload: {} })
    this.#forget(topic, channel)
  }

  #forget(topic: string, channel: JoinedChannel): void {
    clearTimeout(channel.expiry)
    if (channel.live) this.#context.subscribers.remove(channel.subscriber)
    if (this.#channels.get(topic) === channel) this.#channels.delete(topic)
  }

  #send(frame: Frame): void {
    this.#sendText(encodeFrame(frame))
  }

  /**
   * A client that does not read its frames is disconnected once its backlog passes the limit, rather
   * than holding memory without end or being sent a stream with holes in it: it reconnects and reads
   * afresh.
   */
  #sendText(text: string): void {
    if (this.#ws.readyState !== WebSocket.OPEN) return
    if (this.#ws.bufferedAmount + text.length > this.#context.limits.sendBufferBytes) {
      this.#context.logger.info('realtime client too slow: disconnected', {
        buffered: this.#ws.bufferedAmount,
      })
      this.#ws.terminate()
      return
    }
    this.#ws.send(text)
  }

  #resetIdle(): void {
    clearTimeout(this.#idle)
    this.#idle = setTimeout(() => this.#ws.terminate(), this.#context.limits.idleTimeoutMs)
    this.#idle.unref()
  }

  #teardown(): void {
    this.#closed = true
    clearTimeout(this.#idle)
    for (const [topic, channel] of this.#channels) this.#forget(topic, channel)
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A binding's id: like Realtime's :erlang.phash2 of the entry, a positive integer below 2^27 that is
 * the same for identical entries (contract §4.2), so two identical .on() calls share it.
 */
export function bindingId(entry: Record<string, unknown>): number {
  const canonical = JSON.stringify(
    Object.keys(entry)
      .sort()
      .map((key) => [key, entry[key]]),
  )
  const digest = createHash('sha256').update(canonical).digest()
  return (digest.readUInt32BE(0) % (2 ** 27 - 1)) + 1
}
