import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Database } from '../db/types'
import type { Logger } from '../http/log'
import { ChangeFeed } from './feed'
import { PROTOCOL_VERSION } from './protocol'
import { CLOSE_RESTART, RealtimeSocket, type SocketLimits } from './socket'
import { SubscriberIndex } from './subscribers'
import { PublishedTables } from './tables'
import { checkRealtimeToken } from './tokens'

export const REALTIME_PATH = '/realtime/v1/websocket'

export type RealtimeLimits = SocketLimits & {
  socketsMax: number
  socketsPerAddressMax: number
  frameBytesMax: number
}

export const REALTIME_LIMITS: RealtimeLimits = {
  /** Open sockets at once; past it the handshake is refused with 429 (a desk has one). */
  socketsMax: 1000,
  /**
   * Open sockets from one network address. The anon key is public, so the total alone let one
   * stranger hold every socket and lock every desk out of live updates; now one machine holds a tenth.
   */
  socketsPerAddressMax: 100,
  /** A client's frame; a join with a hundred bindings is a few kilobytes. */
  frameBytesMax: 256 * 1024,
  channelsMax: 100,
  bindingsMax: 100,
  sendBufferBytes: 4 * 1024 * 1024,
  idleTimeoutMs: 60_000,
  inboundQueueMax: 500,
  tokenRecheckMs: 5 * 60_000,
}

export interface RealtimeOptions {
  server: Server
  secret: Uint8Array
  now(): number
  logger: Logger
  limits?: Partial<RealtimeLimits>
}

export interface Realtime {
  /** Starts the change feed (LISTEN); call once the database is ready. */
  start(db: Database): Promise<void>
  /** Resolves once every change notified so far was delivered (tests, bench). */
  settled(): Promise<void>
  /** Closes every socket with 1012 (the clients reconnect) and stops the feed. */
  close(): Promise<void>
}

/**
 * Supabase Realtime's websocket endpoint (postgres_changes only) on the HTTP server's own port:
 * GET /realtime/v1/websocket?apikey=…&vsn=2.0.0 with an Upgrade.
 */
export function attachRealtime(options: RealtimeOptions): Realtime {
  const limits = { ...REALTIME_LIMITS, ...options.limits }
  const subscribers = new SubscriberIndex()
  const sockets = new Set<RealtimeSocket>()
  const socketsPerAddress = new Map<string, number>()
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.frameBytesMax,
    perMessageDeflate: false,
  })
  let feed: ChangeFeed | undefined
  let tables: PublishedTables | undefined
  let closing = false
  // Handshakes that arrive while the database opens wait for the feed.
  let markStarted!: () => void
  const started = new Promise<void>((resolve) => (markStarted = resolve))

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    handshake(req, socket, head).catch((error: unknown) => {
      options.logger.error('realtime handshake failed', error)
      refuse(socket, 500, 'Error connecting to Realtime')
    })
  }

  async function handshake(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== REALTIME_PATH || closing) return refuse(socket, 404, 'Not found')
    if (url.searchParams.get('vsn') !== PROTOCOL_VERSION) {
      return refuse(socket, 400, `Only protocol version ${PROTOCOL_VERSION} is supported`)
    }
    const header = req.headers['x-api-key']
    const key = (Array.isArray(header) ? header[0] : header) || url.searchParams.get('apikey')
    if (!key) return refuse(socket, 401, 'API key is missing')
    const check = await checkRealtimeToken(key, options.secret, options.now())
    if (!check.ok) return refuse(socket, 401, check.message)
    const address = req.socket.remoteAddress ?? ''
    if (
      sockets.size >= limits.socketsMax ||
      (socketsPerAddress.get(address) ?? 0) >= limits.socketsPerAddressMax
    )
      return refuse(socket, 429, 'Too many connected users')
    await started
    if (!tables || closing) return refuse(socket, 503, 'Realtime is restarting, please standby')
    const context = {
      secret: options.secret,
      now: options.now,
      tables,
      subscribers,
      limits,
      logger: options.logger,
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client = new RealtimeSocket(ws, key, context)
      sockets.add(client)
      socketsPerAddress.set(address, (socketsPerAddress.get(address) ?? 0) + 1)
      ws.on('close', () => {
        sockets.delete(client)
        const left = (socketsPerAddress.get(address) ?? 1) - 1
        if (left > 0) socketsPerAddress.set(address, left)
        else socketsPerAddress.delete(address)
      })
    })
  }

  options.server.on('upgrade', onUpgrade)

  return {
    async start(db) {
      tables = new PublishedTables(db, options.now)
      feed = new ChangeFeed({
        db,
        tables,
        subscribers,
        logger: options.logger,
        now: options.now,
        onOverflow: () => {
          for (const client of sockets) client.close(CLOSE_RESTART, 'server fell behind')
        },
      })
      await feed.start()
      markStarted()
    },
    settled: () => feed?.settled() ?? Promise.resolve(),
    async close() {
      closing = true
      options.server.off('upgrade', onUpgrade)
      for (const client of sockets) client.close(CLOSE_RESTART, 'restart')
      // A client that does not answer the close handshake is dropped shortly after.
      const deadline = Date.now() + 1000
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
      for (const client of sockets) client.terminate()
      markStarted()
      await feed?.stop()
    },
  }
}

/** An HTTP error before the upgrade, with Realtime's body `{"error": …}` (contract §1.2). */
function refuse(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return
  const body = JSON.stringify({ error: message })
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' }[
    status as 400 | 401 | 404 | 429
  ]
  socket.end(
    `HTTP/1.1 ${status} ${reason ?? 'Error'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
