import { limitError } from '../errors'
import { MAX_FILTERS } from '../limits'
import { runParser } from './cursor'
import { countLeaves, hasOperator, parseFilterValue, parseLogicTree, parseTreePath } from './filter'
import { parseOrder } from './order'
import { parseSelect } from './select'
import type { QueryParams, Range } from './types'

/**
 * Form decoding as PostgREST's `parseQueryReplacePlus True`: `+` is a space, `%XX` a byte, the
 * bytes UTF-8. supabase-js encodes with URLSearchParams, so `ilike.*late arrival*` arrives with `+`.
 * A malformed escape is kept literally instead of failing the request.
 */
export function decodeForm(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x2b) bytes.push(0x20)
    else if (c === 0x25 && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else if (c < 0x80) bytes.push(c)
    else
      for (const b of Buffer.from(text[i] + (isHighSurrogate(c) ? (text[++i] ?? '') : ''), 'utf8'))
        bytes.push(b)
  }
  return Buffer.from(bytes).toString('utf8')
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

/** `a=1&b&c=x` → [['a','1'],['b',null],['c','x']], decoded. */
export function splitQuery(raw: string): [string, string | null][] {
  if (raw === '') return []
  const pairs: [string, string | null][] = []
  for (const part of raw.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    if (eq < 0) pairs.push([decodeForm(part), null])
    else pairs.push([decodeForm(part.slice(0, eq)), decodeForm(part.slice(eq + 1))])
  }
  return pairs
}

/** Whether the request reads a table, reads a function (GET /rpc, whose plain keys are arguments) or posts to one. */
export type QueryTarget = 'table' | 'rpc-read' | 'rpc-post'

const RESERVED = new Set(['select', 'columns', 'on_conflict'])
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])

/** Splits the query string into select, filters, logic trees, orders and ranges per embed path (contract 2.2). */
export function parseQuery(raw: string, target: QueryTarget): QueryParams {
  const pairs = splitQuery(raw)
  const result: QueryParams = {
    select: [{ kind: 'star' }],
    defaultSelect: true,
    filters: [],
    logic: [],
    order: new Map(),
    ranges: new Map(),
    rpcArgs: [],
    pairs,
  }
  const limits = new Map<string, string>()
  const offsets = new Map<string, string>()
  let seenSelect = false
  let filterCount = 0
  const countFilters = (n: number) => {
    filterCount += n
    if (filterCount > MAX_FILTERS) {
      throw limitError('Too many filters', `A request may have at most ${MAX_FILTERS} filter conditions.`)
    }
  }

  for (const [key, value] of pairs) {
    if (value === null) continue
    if (RESERVED.has(key)) {
      if (key === 'select' && !seenSelect) {
        seenSelect = true
        // An empty `select=` means the default, like a missing one.
        if (value.trim() !== '') {
          result.select = parseSelect(value)
          result.defaultSelect = false
        }
      } else if (key === 'columns' && result.columns === undefined) {
        result.columns = parseColumns('columns parameter', value)
      } else if (key === 'on_conflict' && result.onConflict === undefined) {
        result.onConflict = parseColumns('on_conflict parameter', value)
      }
      continue
    }
    const segments = key.split('.')
    const last = segments[segments.length - 1]
    if (RESERVED_EMBEDDABLE.has(last)) {
      const path = segments.slice(0, -1)
      if (last === 'and' || last === 'or') {
        const negate = path.includes('not')
        const tree = parseLogicTree(last, negate, value)
        countFilters(countLeaves(tree))
        result.logic.push({ path: path.filter((s) => s !== 'not'), tree })
      } else if (last === 'order') {
        result.order.set(path.join('.'), parseOrder(value))
      } else if (last === 'limit') {
        limits.set(path.join('.'), value)
      } else {
        offsets.set(path.join('.'), value)
      }
      continue
    }
    if (target !== 'table' && !key.includes('.') && !hasOperator(value)) {
      if (target === 'rpc-read') result.rpcArgs.push([key, value])
      continue
    }
    countFilters(1)
    const { path, field } = parseTreePath(key)
    result.filters.push({ path, filter: { field, expr: parseFilterValue(value) } })
  }
  for (const path of new Set([...limits.keys(), ...offsets.keys()])) {
    result.ranges.set(path, toRange(limits.get(path), offsets.get(path)))
  }
  return result
}

/**
 * PostgREST reads limit and offset with `readMaybe`: a value that is not an integer is ignored, a
 * negative offset counts as 0, a negative limit is kept so the caller can answer 416.
 */
function toRange(limit: string | undefined, offset: string | undefined): Range {
  const int = (text: string | undefined) =>
    text !== undefined && /^-?[0-9]+$/.test(text.trim()) ? Number(text) : undefined
  const l = int(limit)
  const o = int(offset)
  return { limit: l, offset: o !== undefined && o > 0 ? o : 0 }
}

/** `columns="name","maxCapacity"` / `on_conflict=name` */
function parseColumns(what: string, value: string): string[] {
  return runParser(what, value, (cursor) => {
    const names = [cursor.fieldName()]
    while (cursor.eat(',')) names.push(cursor.fieldName())
    if (!cursor.eof) cursor.unexpected(['","', 'end of input'])
    return names
  })
}

/** PostgREST's canonical query (keys sorted) for Content-Location. */
export function canonicalQuery(pairs: [string, string | null][]): string {
  return [...pairs]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`)
    .join('&')
}
