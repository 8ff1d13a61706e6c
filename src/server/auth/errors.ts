import { jsonResponse } from '../http/json'
import type { ApiRequest, ApiResponse } from '../http/types'

/** An Auth error as GoTrue reports it: HTTP status, machine code (contract 3.9) and message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body keys, e.g. weak_password reasons. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version'
const API_VERSION_2024 = '2024-01-01'

/**
 * The API version the client asked for, echoed on every answer. auth-js reads `code` from a body
 * only when this header comes back, so it is what selects the error format (contract 3.9).
 */
export function requestedApiVersion(req: ApiRequest): string | undefined {
  const value = req.headers['x-supabase-api-version']
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(time) && time >= Date.parse(`${API_VERSION_2024}T00:00:00Z`)
    ? API_VERSION_2024
    : undefined
}

export function versionHeaders(req: ApiRequest): Record<string, string> {
  const version = requestedApiVersion(req)
  return version ? { [API_VERSION_HEADER]: version } : {}
}

export function authErrorResponse(req: ApiRequest, error: AuthError): ApiResponse {
  if (requestedApiVersion(req)) {
    return jsonResponse(
      error.status,
      { code: error.code, message: error.message, ...error.extra },
      { ...versionHeaders(req), ...error.headers },
    )
  }
  return jsonResponse(
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    { 'x-sb-error-code': error.code, ...error.headers },
  )
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message)
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message)

/** GoTrue's answer when a rate limit is reached; Retry-After says when to try again. */
export const overRequestRateLimit = (retryAfterSeconds: number) =>
  new AuthError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  )
