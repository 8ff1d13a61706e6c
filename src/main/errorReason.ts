/** A file error in a few words for a message: its code (ENOSPC, EACCES) when it has one. */
export function errorReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code === 'string') return code
  return error instanceof Error ? error.message : String(error)
}
