import type { ApiResponse } from './types'

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d

/**
 * Whether a JSON text nests arrays/objects deeper than `limit`, found by one loop over its bytes and
 * no recursion, so it is safe on any input. JSON.parse itself copes with any depth, but what walks
 * the value afterwards (JSON.stringify, validators, Postgres's json parser) recurses and overflows
 * its stack at some thousands of levels. Brackets inside strings do not count; invalid JSON is left
 * to the parser that follows.
 */
export function jsonNestedDeeperThan(text: Uint8Array, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const byte = text[i]
    if (inString) {
      if (byte === BACKSLASH) i++
      else if (byte === QUOTE) inString = false
    } else if (byte === QUOTE) inString = true
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > limit) return true
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--
  }
  return false
}
