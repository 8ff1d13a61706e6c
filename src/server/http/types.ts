import type { Database } from '../db/types'

/** A request as every service (rest, auth, storage) sees it, after the router strips its prefix. */
export interface ApiRequest {
  method: string
  /** Path below the service prefix, e.g. '/bookings' for /rest/v1/bookings. Not decoded. */
  path: string
  /** The raw query string without '?', so services can apply their own decoding rules. */
  rawQuery: string
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>
  body: Buffer
  /** The client's address, for rate limits and logs. */
  remoteAddress: string
}

export interface ApiResponse {
  status: number
  headers?: Record<string, string>
  body?: string | Uint8Array
}

/**
 * Who is calling, decided once per request from the apikey and Authorization headers.
 * `jwtError` is set when a bearer token was sent but is expired or invalid: each service
 * answers that in its own error shape.
 */
export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role'
  claims: Record<string, unknown> & { role: string; sub?: string }
  jwtError?: { kind: 'expired' | 'invalid'; message: string }
}

export interface ServiceContext {
  db: Database
  caller: Caller
  /** Public base URL of this server, e.g. http://127.0.0.1:4173 */
  baseUrl: string
}

export type ServiceHandler = (req: ApiRequest, ctx: ServiceContext) => Promise<ApiResponse>
