import type { ApiResponse } from '../http/types'
import { RestError, rangeError } from './errors'
import type { Preferences } from './parse/headers'

/**
 * `Content-Range: lower-upper/total` (contract 2.9, PostgREST's contentRangeH): the range part is
 * `*` when no row is in it or the total is 0, the total `*` when nobody asked for a count.
 */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === undefined ? '*' : total}`
}

/**
 * Status of a read page (PostgREST's rangeStatusHeader): 206 when a counted page holds less than the
 * total, 416 when the offset lies past the total, else 200.
 */
export function readStatus(
  offset: number,
  pageRows: number,
  total: number | undefined,
): { status: number; range: string } {
  const upper = offset + pageRows - 1
  const range = contentRange(offset, upper, total)
  if (total === undefined) return { status: 200, range }
  if (offset > total) {
    const error = rangeError(`An offset of ${offset} was requested, but there are only ${total} rows.`)
    throw new RestError(error.status, error.body, { 'Content-Range': range })
  }
  return { status: pageRows < total ? 206 : 200, range }
}

/** `Preference-Applied` echoes what was honoured, in PostgREST's order. */
export function preferenceApplied(
  prefs: Preferences,
  applied: (keyof Preferences)[],
): Record<string, string> {
  const values = applied
    .filter((key) => prefs[key] !== undefined)
    .map((key) => `${key}=${prefs[key] as string}`)
  return values.length ? { 'Preference-Applied': values.join(', ') } : {}
}

export function success(
  status: number,
  headers: Record<string, string>,
  body: string | undefined,
  contentType: string | undefined,
): ApiResponse {
  const all: Record<string, string> = { 'Content-Profile': 'public', ...headers }
  if (contentType !== undefined) all['Content-Type'] = contentType
  return body === undefined ? { status, headers: all } : { status, headers: all, body }
}
