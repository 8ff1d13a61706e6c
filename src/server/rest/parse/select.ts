import { aggregatesNotAllowed } from '../errors'
import { MAX_SELECT_DEPTH, MAX_SELECT_ITEMS } from '../limits'
import { Cursor, runParser } from './cursor'
import type { JoinType, SelectItem } from './types'

/**
 * Casts a select item may ask for (`price::text`). Anything else is refused rather than written into
 * SQL: the type name is the one piece of a select that cannot be quoted as an identifier
 * (`1::"bigint"` fails in Postgres), so it must come from this list.
 */
export const ALLOWED_CASTS: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  char: 'char',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  float: 'double precision',
  float4: 'real',
  float8: 'double precision',
  real: 'real',
  'double precision': 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timetz: 'timetz',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
}

/** `price.sum()`, `id.count()`: aggregate syntax, recognised only to refuse it. */
const AGGREGATE = /^\.(sum|avg|count|max|min)\(\)/

/** `select=id,name:fullName,cabins!inner(name),...guests(email)` → a tree of items. */
export function parseSelect(input: string): SelectItem[] {
  return runParser('select parameter', input, (cursor) => {
    const counter = { items: 0 }
    const items = forest(cursor, 0, counter)
    cursor.skipSpaces()
    if (!cursor.eof) cursor.unexpected(['","', 'end of input'])
    return items
  })
}

function forest(cursor: Cursor, depth: number, counter: { items: number }): SelectItem[] {
  if (depth > MAX_SELECT_DEPTH) cursor.fail(`embedding is nested deeper than ${MAX_SELECT_DEPTH} levels`)
  const items: SelectItem[] = []
  cursor.skipSpaces()
  // `cabins()` selects nothing from the embed; it is still joined (useful with !inner filters).
  if (depth > 0 && cursor.peek() === ')') return items
  for (;;) {
    if (++counter.items > MAX_SELECT_ITEMS) cursor.fail(`more than ${MAX_SELECT_ITEMS} items are selected`)
    items.push(item(cursor, depth, counter))
    cursor.skipSpaces()
    if (!cursor.eat(',')) return items
  }
}

function item(cursor: Cursor, depth: number, counter: { items: number }): SelectItem {
  cursor.skipSpaces()
  if (cursor.eat('...')) {
    const relation = cursor.fieldName()
    const { hint, joinType } = embedParams(cursor)
    return {
      kind: 'embed',
      relation,
      hint,
      joinType,
      spread: true,
      children: children(cursor, depth, counter),
    }
  }
  if (cursor.eat('*')) {
    itemEnd(cursor)
    return { kind: 'star' }
  }
  let name = cursor.fieldName()
  let alias: string | undefined
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++
    alias = name
    name = cursor.fieldName()
  }
  if (AGGREGATE.test(cursor.text.slice(cursor.pos)) || (name === 'count' && cursor.startsWith('()'))) {
    throw aggregatesNotAllowed()
  }
  if (cursor.peek() === '!' || cursor.peek() === '(') {
    const { hint, joinType } = embedParams(cursor)
    return {
      kind: 'embed',
      relation: name,
      alias,
      hint,
      joinType,
      spread: false,
      children: children(cursor, depth, counter),
    }
  }
  const jsonPath = cursor.jsonPath()
  let cast: string | undefined
  if (cursor.eat('::')) {
    const start = cursor.pos
    const type = /^[A-Za-z0-9_ ]+/.exec(cursor.text.slice(cursor.pos))?.[0] ?? ''
    cursor.pos += type.length
    cast = ALLOWED_CASTS[type.trim().toLowerCase()]
    if (cast === undefined) {
      if (type.trim() === '') cursor.unexpected(['letter or digit'], start)
      cursor.fail(
        `unsupported cast type ${type.trim()} (allowed: ${Object.keys(ALLOWED_CASTS).join(', ')})`,
        start,
      )
    }
  }
  itemEnd(cursor)
  return { kind: 'field', field: { name, jsonPath }, alias, cast }
}

function itemEnd(cursor: Cursor): void {
  cursor.skipSpaces()
  const c = cursor.peek()
  if (!(cursor.eof || c === ',' || c === ')'))
    cursor.unexpected(['"->"', '"::"', '")"', '","', 'end of input'])
}

function children(cursor: Cursor, depth: number, counter: { items: number }): SelectItem[] {
  cursor.expect('(')
  const items = forest(cursor, depth + 1, counter)
  cursor.skipSpaces()
  cursor.expect(')', '","')
  return items
}

/** `!hint`, `!inner`, `!left` in either order, at most two. */
function embedParams(cursor: Cursor): { hint?: string; joinType?: JoinType } {
  let hint: string | undefined
  let joinType: JoinType | undefined
  for (let i = 0; i < 2 && cursor.eat('!'); i++) {
    const word = cursor.fieldName()
    if (word === 'inner' || word === 'left') joinType = word
    else hint = word
  }
  return { hint, joinType }
}
