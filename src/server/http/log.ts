/**
 * One JSON line per request. Only the method, the path, the names of query parameters, the status
 * and the duration are written: query values, headers and bodies can hold tokens, keys or passwords.
 */
export interface RequestLogEntry {
  method: string
  url: string
  status: number
  ms: number
}

export interface Logger {
  request(entry: RequestLogEntry): void
  error(message: string, error?: unknown): void
  info(message: string, fields?: Record<string, unknown>): void
}

/** '/rest/v1/bookings?select=*&id=eq.3' → '/rest/v1/bookings?select&id'. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart < 0) return url
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0])
  return `${url.slice(0, queryStart)}?${names.join('&')}`
}

/**
 * `enabled` false writes nothing; `requests` false leaves out the line per request but keeps errors
 * and events (a desk's log file: what went wrong, not every click).
 */
export function createLogger(
  enabled: boolean,
  write: (line: string) => void = defaultWrite,
  requests = true,
): Logger {
  const emit = (fields: Record<string, unknown>) => {
    if (enabled) write(JSON.stringify({ time: new Date().toISOString(), ...fields }))
  }
  return {
    request: ({ method, url, status, ms }) => {
      if (!requests || !enabled) return
      emit({
        level: 'info',
        msg: 'request',
        method,
        path: redactUrl(url),
        status,
        ms: Math.round(ms * 10) / 10,
      })
    },
    // Only the message and stack: error objects from drivers can carry query parameters.
    error: (message, error) =>
      emit({
        level: 'error',
        msg: message,
        error: error instanceof Error ? error.message : error === undefined ? undefined : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      }),
    info: (message, fields) => emit({ level: 'info', msg: message, ...fields }),
  }
}

function defaultWrite(line: string): void {
  process.stdout.write(line + '\n')
}
