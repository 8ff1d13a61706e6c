import { JSON_BODY_LIMIT_BYTES } from './config'
import type { ServiceMount } from './http/app'
import { jsonResponse } from './http/json'
import { handleRest } from './rest/index'

/** PostgREST error body: always all four keys (contract 2.14). */
const restError = (status: number, code: string, message: string, details: string | null) =>
  jsonResponse(status, { code, message, details, hint: null })

/** Mounts the REST helper's handler at /rest/v1 behind the gateway's apikey check. */
export function restMount(): ServiceMount {
  return {
    prefix: '/rest/v1',
    requireApiKey: true,
    bodyLimit: () => JSON_BODY_LIMIT_BYTES,
    // PostgREST itself sets no limit (a proxy would answer 413); the code names the status.
    tooLarge: () =>
      restError(413, 'PGRST413', 'Request body too large', 'The request body is larger than 1 MB'),
    internalError: () => restError(500, 'PGRST500', 'Internal server error', null),
    handler: handleRest,
  }
}
