import { JSON_BODY_LIMIT_BYTES } from '../config'
import type { ServiceMount } from '../http/app'
import { bodyTooLarge, errorResponse, internalError, invalidBody } from './errors'
import { createRestHandler, type RestHandlerOptions } from './handler'

/** The PostgREST subset of contract 2, mounted at /rest/v1 behind the gateway's apikey check. */
export function createRestService(options: RestHandlerOptions = {}): ServiceMount {
  return {
    prefix: '/rest/v1',
    requireApiKey: true,
    body: () => ({ limit: JSON_BODY_LIMIT_BYTES, json: true }),
    errors: {
      tooLarge: () => errorResponse(bodyTooLarge(JSON_BODY_LIMIT_BYTES)),
      invalidJson: () => errorResponse(invalidBody('Empty or invalid json')),
      internal: () => errorResponse(internalError()),
    },
    handler: createRestHandler(options),
  }
}

export { createRestHandler } from './handler'
export { getSchemaCache, refreshSchemaCache } from './schemaCache'
