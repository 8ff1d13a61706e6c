import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import { MAX_JSON_DEPTH } from '../config'
import type { Database } from '../db/types'
import { readBody } from './body'
import { resolveCaller } from './caller'
import { BASE_SECURITY_HEADERS, corsHeaders, preflightHeaders } from './headers'
import { jsonNestedDeeperThan, jsonResponse } from './json'
import type { Logger } from './log'
import { pageConfigMarkup, type PageConfig } from './pageConfig'
import { loadStaticFiles, serveStatic } from './static'
import type { ApiRequest, ApiResponse, ServiceContext, ServiceHandler } from './types'

/**
 * How the core mounts one service (rest, auth, storage) below its prefix; each service's `create…Service`
 * returns one. The router checks the apikey, decides the caller, lets the service refuse the request
 * (`admit`), reads the body by the service's rule and only then runs the handler.
 */
export interface ServiceMount {
  prefix: string
  /** The Supabase gateway demands an apikey on /rest and /auth but not on /storage. */
  requireApiKey: boolean
  /** How much body a request with this method may have, and whether it is JSON. */
  body(method: string): BodyRule
  /** Answers the router gives in the service's own error shape. */
  errors: {
    /** 413: the body is over the rule's limit. */
    tooLarge(req: ApiRequest): ApiResponse
    /** 400: a JSON body nested deeper than MAX_JSON_DEPTH, refused before anything parses it. */
    invalidJson(req: ApiRequest): ApiResponse
    /** 500: an exception the handler did not turn into a response. */
    internal(req: ApiRequest): ApiResponse
  }
  /**
   * Runs before the body is read: an answer here refuses the request unread, so a caller without the
   * right to upload cannot make the server take in a large body (storage). Absent: every request is read.
   */
  admit?(req: ApiRequest, ctx: ServiceContext): Promise<ApiResponse | undefined>
  handler: ServiceHandler
}

export interface BodyRule {
  limit: number
  /** Checked for nesting depth before the handler sees it (the handler parses it). */
  json: boolean
}

export interface AppOptions {
  /** Resolves once the database is migrated and seeded; API requests wait for it. */
  ready: Promise<Database>
  secret: Uint8Array
  anonKey: string
  serviceKey: string
  services: ServiceMount[]
  staticDir?: string
  /** Known once the socket listens; the port may have been chosen by the OS. */
  baseUrl(): string
  now(): number
  logger: Logger
}

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void
  /** Requests still being answered, for a graceful close. */
  inFlight(): number
  /** From now on answers carry `Connection: close` and /health reports 503. */
  beginClose(): void
}

const NO_API_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
}
const INVALID_API_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
}

export function createApp(options: AppOptions): App {
  const { logger } = options
  let inFlight = 0
  let closing = false
  let db: Database | undefined
  options.ready.then(
    (opened) => {
      db = opened
    },
    () => {},
  )
  const isKnownApiKey = knownKeyCheck([options.anonKey, options.serviceKey])
  const staticFiles = options.staticDir ? loadStaticFiles(options.staticDir) : undefined
  const pageConfig = (req: IncomingMessage): PageConfig => ({
    supabaseUrl: publicOrigin(req, options.baseUrl()),
    supabaseAnonKey: options.anonKey,
  })

  async function route(req: IncomingMessage): Promise<ApiResponse | undefined> {
    const url = req.url ?? '/'
    const queryStart = url.indexOf('?')
    const pathname = queryStart < 0 ? url : url.slice(0, queryStart)
    const rawQuery = queryStart < 0 ? '' : url.slice(queryStart + 1)
    const method = req.method ?? 'GET'

    if (pathname === '/health') {
      const status = closing ? 'closing' : db ? 'ok' : 'starting'
      return jsonResponse(status === 'ok' ? 200 : 503, { status }, corsHeaders())
    }
    if (pathname === '/config.json' && (method === 'GET' || method === 'HEAD')) {
      return jsonResponse(200, pageConfig(req), { ...corsHeaders(), 'Cache-Control': 'no-store' })
    }

    const service = options.services.find((s) => pathname === s.prefix || pathname.startsWith(s.prefix + '/'))
    if (!service) {
      // The page carries its backend config, so the renderer starts without asking for config.json.
      if (staticFiles)
        return serveStatic(staticFiles, method, pathname, () => pageConfigMarkup(pageConfig(req)))
      return jsonResponse(404, { message: 'Not found' })
    }
    if (method === 'OPTIONS') return { status: 200, headers: preflightHeaders(req.headers) }

    const headers = flattenHeaders(req)
    // An apikey that is not one of this server's keys is refused on every service, never taken as
    // anon: the gateway refuses it on /rest and /auth, and passes it to Storage as a bearer token
    // that Storage refuses. /rest and /auth also need one.
    if (headers.apikey && !isKnownApiKey(headers.apikey)) {
      return jsonResponse(401, INVALID_API_KEY, corsHeaders())
    }
    if (service.requireApiKey && !headers.apikey) return jsonResponse(401, NO_API_KEY, corsHeaders())

    const apiRequest: ApiRequest = {
      method,
      path: pathname.slice(service.prefix.length) || '/',
      rawQuery,
      headers,
      body: Buffer.alloc(0),
      remoteAddress: req.socket.remoteAddress ?? '',
    }
    const caller = await resolveCaller(headers, options.secret, options.now())
    const database = db ?? (await options.ready)
    const ctx: ServiceContext = { db: database, caller, baseUrl: options.baseUrl() }
    try {
      const refusal = await service.admit?.(apiRequest, ctx)
      if (refusal) return withCors(refusal)
      const rule = service.body(method)
      const body = await readBody(req, rule.limit)
      if (!body.ok) {
        return body.reason === 'too-large' ? withCors(service.errors.tooLarge(apiRequest)) : undefined
      }
      if (rule.json && jsonNestedDeeperThan(body.body, MAX_JSON_DEPTH)) {
        return withCors(service.errors.invalidJson(apiRequest))
      }
      apiRequest.body = body.body
      return withCors(await service.handler(apiRequest, ctx))
    } catch (error) {
      logger.error(`unhandled error in ${service.prefix}`, error)
      return withCors(service.errors.internal(apiRequest))
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now()
    inFlight++
    const finish = () => {
      inFlight--
      logger.request({
        method: req.method ?? '',
        url: req.url ?? '',
        status: res.statusCode,
        ms: performance.now() - started,
      })
    }
    route(req)
      .catch((error: unknown): ApiResponse => {
        logger.error('request failed', error)
        return jsonResponse(500, { message: 'Internal server error' })
      })
      .then((response) => {
        if (!response) {
          // The client went away before sending its whole body: nobody is left to answer. 499 is
          // only logged (nginx's "client closed request").
          res.statusCode = 499
          res.destroy()
          finish()
          return
        }
        res.on('close', finish)
        try {
          send(res, req.method === 'HEAD', response, closing)
        } catch (error) {
          // E.g. a header value Node refuses: answer 500 rather than let the rejection end the process.
          logger.error('could not send response', error)
          if (res.headersSent) res.destroy()
          else send(res, false, jsonResponse(500, { message: 'Internal server error' }), closing)
        }
      })
  }

  return {
    handle,
    inFlight: () => inFlight,
    beginClose: () => {
      closing = true
    },
  }
}

function send(res: ServerResponse, isHead: boolean, response: ApiResponse, closing: boolean): void {
  const headers: Record<string, string> = { ...BASE_SECURITY_HEADERS, ...response.headers }
  const body = bodyToWrite(response.body)
  if (body !== undefined && !hasHeader(headers, 'content-length')) {
    headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length)
  }
  if (closing) headers.Connection = 'close'
  res.writeHead(response.status, headers)
  res.end(isHead ? undefined : body)
}

/**
 * A small text body is handed to Node as it is: it goes out in one write with the head. A large one
 * is encoded here first, into a buffer of its exact size: Node's write of a string reserves three
 * bytes a character to encode it into. For the calendar's 276 kB window that is 1.1 ms less CPU per
 * response (a plain Node 20 server sending it both ways in turns, five pairs, loaded machine: 2.8-3.5
 * ms as text, 1.45-2.4 as bytes), a quarter of it the kernel's (page faults).
 */
function bodyToWrite(body: ApiResponse['body']): ApiResponse['body'] {
  return typeof body === 'string' && body.length > LARGE_TEXT_BODY ? Buffer.from(body) : body
}

/** Characters. */
const LARGE_TEXT_BODY = 16 * 1024

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name)
}

function withCors(response: ApiResponse): ApiResponse {
  return { ...response, headers: { ...corsHeaders(), ...response.headers } }
}

/** Header names lower-cased, repeated headers joined as HTTP allows. */
function flattenHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

/**
 * The origin the page was loaded from, so a desk on the local network that opened
 * http://<lan-ip>:4173 talks back to that address rather than to our loopback URL.
 */
function publicOrigin(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host
  if (host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host))
    return `http://${host}`
  return fallback
}

/**
 * Whether a key is one of `keys`, compared by digest, so neither its length nor the first differing
 * byte shows in the timing. The keys' digests are taken once and a request's key is hashed once.
 */
function knownKeyCheck(keys: string[]): (key: string) => boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  const known = keys.map(digest)
  return (key) => {
    const candidate = digest(key)
    // Every key is compared, whichever matches.
    return known.reduce((found, each) => timingSafeEqual(candidate, each) || found, false)
  }
}
