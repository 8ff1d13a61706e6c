import type { ApiResponse } from '../http/types'

/** PostgREST's error body: all four keys, always (contract 2.14). */
export interface ErrorBody {
  code: string
  message: string
  details: string | null
  hint: string | null
}

/** An error that already knows its HTTP answer. Thrown anywhere in the REST service, answered once. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) {
  return new RestError(status, { code, message, details, hint })
}

/**
 * PGRST100, worded like PostgREST's Parsec errors: the message names what failed and where
 * (`"failed to parse filter (5)" (line 1, column 1)`), the details say what was expected.
 */
export function parseError(what: string, input: string, column: number, details: string): RestError {
  return restError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})" (line 1, column ${column})`,
    details,
  )
}

/** Input beyond the service's bounds (see limits.ts), in the same shape as a parse error. */
export function limitError(message: string, details: string): RestError {
  return restError(400, 'PGRST100', message, details)
}

/** A read whose levels may produce more rows than one response may carry (limits.ts MAX_RESPONSE_ROWS). */
export const responseTooLarge = (maxRows: number) =>
  restError(
    400,
    'PGRST100',
    'Response too large',
    `The embedded resources may produce more than ${maxRows} rows.`,
    'Ask for a smaller limit on the embedded resources, e.g. bookings.limit=10, or embed fewer levels.',
  )

export const invalidBody = (message: string) => restError(400, 'PGRST102', message)

/** PostgREST itself sets no body limit (a proxy in front answers 413); the code names the status. */
export const bodyTooLarge = (limit: number) =>
  restError(413, 'PGRST413', 'Request body too large', `The request body is larger than ${limit} bytes`)

/** An exception the service did not turn into an answer (a bug): the router's last resort. */
export const internalError = () => restError(500, 'PGRST500', 'Internal server error')

export const rangeError = (details: string) =>
  restError(416, 'PGRST103', 'Requested range not satisfiable', details)

export const unacceptableSchema = (schema: string, exposed: string[]) =>
  restError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  )

export const mediaTypeError = (types: string[]) =>
  restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)

export const notEmbedded = (resource: string) =>
  restError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  )

/** `details` keeps "The result contains 0 rows": supabase-js ≤ 2.100 turns that into `data: null` for maybeSingle. */
export const singularityError = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )

export const unsupportedMethod = (method: string) =>
  restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)

export const invalidRpcMethod = (method: string) =>
  restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`)

export const relatedOrderNotToOne = (origin: string, target: string) =>
  restError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  )

export const unacceptableFilter = (target: string) =>
  restError(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  )

/** Supabase leaves PostgREST's `db-aggregates-enabled` off, so `count()`, `price.sum()` … are refused. */
export const aggregatesNotAllowed = () =>
  restError(400, 'PGRST123', 'Use of aggregate functions is not allowed')

export const invalidPreferences = (prefs: string[]) =>
  restError(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  )

export const invalidPath = () => restError(404, 'PGRST125', 'Invalid path specified in request URL')

export const noRelBetween = (
  parent: string,
  child: string,
  hint: string | undefined,
  schema: string,
  suggestion?: string,
) =>
  restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}'${
      hint === undefined ? '' : ` using the hint '${hint}'`
    } in the schema '${schema}', but no matches were found.`,
    suggestion ?? null,
  )

export const ambiguousRel = (parent: string, child: string, candidates: object[], hints: string[]) =>
  restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
    JSON.stringify(candidates),
    `Try changing '${child}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  )

export function noRpc(
  schema: string,
  name: string,
  argNames: string[],
  isPost: boolean,
  suggestion?: string,
): RestError {
  const fn = `${schema}.${name}`
  const sorted = [...argNames].sort()
  const params = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`
  const detailParams =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${params} in the schema cache`,
    `Searched for the function ${fn}${detailParams}${
      isPost ? ' or with a single unnamed json/jsonb parameter' : ''
    }, but no matches were found in the schema cache.`,
    suggestion === undefined ? null : `Perhaps you meant to call the function ${schema}.${suggestion}`,
  )
}

export const ambiguousRpc = (signatures: string[]) =>
  restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )

export const columnNotFound = (relation: string, column: string) =>
  restError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`)

export const tableNotFound = (schema: string, name: string, suggestion?: string) =>
  restError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion === undefined ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
  )

/** What Postgres itself answers for an unknown column; checked here so it costs no round trip. */
export const undefinedColumn = (relation: string, column: string) =>
  restError(400, '42703', `column ${relation}.${column} does not exist`)

/** safeupdate's refusal on hosted Supabase (contract 2.11). */
export const whereRequired = (command: 'UPDATE' | 'DELETE') =>
  restError(400, '21000', `${command} requires a WHERE clause`)

export function jwtError(kind: 'expired' | 'invalid', message: string): RestError {
  const text = kind === 'expired' ? 'JWT expired' : message
  return new RestError(
    401,
    { code: kind === 'expired' ? 'PGRST303' : 'PGRST301', message: text, details: null, hint: null },
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${text.replaceAll('"', "'")}"` },
  )
}

export function errorResponse(error: RestError): ApiResponse {
  return {
    status: error.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': `PostgREST; error=${error.body.code}`,
      ...error.headers,
    },
    body: JSON.stringify(error.body),
  }
}

/** The fields PGlite and node-postgres both put on a server error. */
export interface DbError {
  code: string
  message: string
  detail?: string
  hint?: string
  severity?: string
}

export function isDbError(error: unknown): error is DbError {
  if (typeof error !== 'object' || error === null) return false
  const e = error as Record<string, unknown>
  // `severity` tells a server error from a Node system error such as EPIPE, whose code also has 5 letters.
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string'
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
])

export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)
}

export const connectionError = () =>
  restError(503, 'PGRST000', 'Database connection error. Retrying the connection.')

/** SQLSTATE → HTTP status, as PostgREST's `mapSQLtoHTTP` (contract 2.14). */
export function pgErrorStatus(code: string, message: string, asAnon: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409
    case '25006':
      return 405
    case '21000':
      // Only safeupdate's refusal is the client's fault; other cardinality errors are the database's.
      return message.endsWith('requires a WHERE clause') ? 400 : 500
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
    case '53400':
      return 500
    case '57P01':
      return 503
    case 'P0001':
      return 400
    case '42883':
    case '42P01':
      return 404
    case '42P17':
      return 500
    case '42501':
      return asAnon ? 401 : 403
  }
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2))
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500
  }
  const cls = code.slice(0, 2)
  switch (cls) {
    case '08':
    case '53':
      return 503
    case '0L':
    case '0P':
    case '28':
      return 403
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500
  }
  return 400
}

/** A Postgres error as PostgREST answers it: SQLSTATE, MESSAGE, DETAIL and HINT verbatim. */
export function fromDbError(error: DbError, asAnon: boolean): RestError {
  if (error.code === 'PGRST') return fromRaisePgrst(error)
  const status = pgErrorStatus(error.code, error.message, asAnon)
  return new RestError(
    status,
    { code: error.code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  )
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code":…,"message":…}', detail = '{"status":…,"headers":{…}}'`
 * lets a function choose the whole HTTP answer (PostgREST's RaisePgrst).
 */
function fromRaisePgrst(error: DbError): RestError {
  try {
    const body = JSON.parse(error.message) as Record<string, unknown>
    const detail = JSON.parse(error.detail ?? '') as Record<string, unknown>
    if (typeof body.code !== 'string' || typeof body.message !== 'string') throw new Error('bad message')
    const status = Number(detail.status)
    if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error('bad status')
    const headers: Record<string, string> = {}
    if (typeof detail.headers === 'object' && detail.headers !== null) {
      for (const [name, value] of Object.entries(detail.headers)) {
        if (typeof value === 'string' && /^[A-Za-z0-9-]+$/.test(name) && !/[\r\n]/.test(value))
          headers[name] = value
      }
    }
    const text = (v: unknown) =>
      typeof v === 'string' ? v : v === undefined || v === null ? null : JSON.stringify(v)
    return new RestError(
      status,
      { code: body.code, message: body.message, details: text(body.details), hint: text(body.hint) },
      headers,
    )
  } catch {
    return restError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE or DETAIL: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    )
  }
}
