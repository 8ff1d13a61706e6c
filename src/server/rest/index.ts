import { createRestHandler } from './handler'

/** The PostgREST-compatible service mounted at /rest/v1 (the router strips the prefix). */
export const handleRest = createRestHandler()

export { createRestHandler } from './handler'
export { getSchemaCache, refreshSchemaCache } from './schemaCache'
