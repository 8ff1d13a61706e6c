import { jsonResponse } from '../http/json'
import type { ApiResponse } from '../http/types'

/** A Storage error (contract 4.5): the logical status lives in the body, the HTTP status is 400 or 500. */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

export function storageErrorResponse(error: StorageError): ApiResponse {
  return jsonResponse(error.statusCode >= 500 ? 500 : 400, {
    statusCode: String(error.statusCode),
    error: error.error,
    message: error.message,
  })
}

export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found')
export const objectNotFound = () => new StorageError(404, 'not_found', 'Object not found')
export const invalidKey = (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`)
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message)
export const unauthorized = (message: string) => new StorageError(403, 'Unauthorized', message)
export const tooLarge = () =>
  new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size')
export const invalidMimeType = (message: string) => new StorageError(415, 'invalid_mime_type', message)
export const internalStorageError = () => new StorageError(500, 'internal', 'Internal Server Error')

/** Postgres errors met while writing object rows, worded as storage-api does (`DBError.fromDBError`). */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  switch ((error as { code?: string }).code) {
    case '42501':
      return unauthorized('new row violates row-level security policy')
    case '23505':
      return new StorageError(409, 'Duplicate', 'The resource already exists')
    case '23503':
      return bucketNotFound()
    default:
      return undefined
  }
}
