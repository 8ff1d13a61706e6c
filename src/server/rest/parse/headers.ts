import { mediaTypeError, rangeError } from '../errors'
import type { Range } from './types'

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  /** Preferences we do not know, reported only under `handling=strict` (PGRST122). */
  invalid: string[]
}

const KNOWN_PREFERENCES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
}
/** Understood by PostgREST but without effect here; accepted so strict handling does not refuse them. */
const IGNORED_PREFERENCES = new Set(['tx', 'timezone', 'max-affected', 'params'])

/**
 * `Prefer` values are comma-separated with or without spaces and may come in several headers (Node
 * joins them with ", "); the first occurrence of each preference wins; an empty header is nothing.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] }
  if (!header) return prefs
  const seen = new Set<string>()
  for (const part of header.split(',')) {
    const item = part.trim()
    if (item === '') continue
    const eq = item.indexOf('=')
    const key = (eq < 0 ? item : item.slice(0, eq)).trim()
    const value = eq < 0 ? '' : item.slice(eq + 1).trim()
    if (KNOWN_PREFERENCES[key]?.includes(value)) {
      if (!seen.has(key)) {
        seen.add(key)
        ;(prefs as unknown as Record<string, string>)[key] = value
      }
    } else if (!IGNORED_PREFERENCES.has(key)) {
      prefs.invalid.push(item)
    }
  }
  return prefs
}

/** What the body of a successful answer looks like. */
export type Media =
  | { kind: 'array'; stripNulls: boolean; contentType: string }
  | { kind: 'object'; stripNulls: boolean; contentType: string }

const JSON_MEDIA: Media = { kind: 'array', stripNulls: false, contentType: 'application/json; charset=utf-8' }

/**
 * Content negotiation over what supabase-js can ask for: plain JSON (also `*\/*`), the singular
 * object of `.single()`, and the nulls-stripped variants. Anything else is 406 PGRST107.
 */
export function negotiateMedia(accept: string | undefined): Media {
  if (!accept || accept.trim() === '') return JSON_MEDIA
  const ranges = accept
    .split(',')
    .map((part, position) => {
      const [type, ...params] = part.split(';').map((s) => s.trim())
      const map = new Map(params.map((p) => p.split('=').map((s) => s.trim()) as [string, string]))
      const q = Number(map.get('q') ?? '1')
      return { type: type.toLowerCase(), params: map, q: Number.isFinite(q) ? q : 1, position }
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position)
  for (const range of ranges) {
    const stripNulls = range.params.get('nulls') === 'stripped'
    switch (range.type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
        return JSON_MEDIA
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          kind: 'object',
          stripNulls,
          contentType: `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`,
        }
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return {
          kind: 'array',
          stripNulls,
          contentType: stripNulls
            ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
            : JSON_MEDIA.contentType,
        }
    }
  }
  throw mediaTypeError(ranges.map((r) => r.type))
}

/**
 * The `Range: 0-9` request header (items), which PostgREST honours on GET. A header it cannot read
 * means "everything", like PostgREST's `rangeParse`.
 */
export function parseRangeHeader(header: string | undefined): Range | undefined {
  if (!header) return undefined
  const match = /^(?:items=)?\s*([0-9]+)-([0-9]*)\s*$/.exec(header)
  if (!match) return undefined
  const lower = Math.min(Number(match[1]), Number.MAX_SAFE_INTEGER)
  if (match[2] === '') return { offset: lower }
  const upper = Math.min(Number(match[2]), Number.MAX_SAFE_INTEGER)
  if (lower > upper) {
    throw rangeError(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  }
  return { offset: lower, limit: upper - lower + 1 }
}
