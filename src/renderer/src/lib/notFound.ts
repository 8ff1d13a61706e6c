/**
 * A record that does not exist (a booking id nobody has), as opposed to a load that failed: screens
 * say "not found" for this one and offer a retry for every other error. Services throw it.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError'
}

export function isNotFound(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError
}
