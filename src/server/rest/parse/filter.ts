import { MAX_IN_LIST, MAX_LOGIC_DEPTH } from '../limits'
import { Cursor, ParseFailure, runParser } from './cursor'
import type { FieldRef, Filter, FtsOperator, IsValue, LogicTree, OpExpr, SimpleOperator } from './types'

const SIMPLE_OPERATORS = new Set<SimpleOperator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
])
/** Operators that take `(any)`/`(all)` with a `{a,b}` list (PostgREST's quantOperator). */
const QUANTIFIABLE = new Set<SimpleOperator>([
  'eq',
  'like',
  'ilike',
  'gt',
  'gte',
  'lt',
  'lte',
  'match',
  'imatch',
])
const FTS_OPERATORS = new Set<FtsOperator>(['fts', 'plfts', 'phfts', 'wfts'])
const IS_VALUES = new Set<IsValue>(['null', 'not_null', 'true', 'false', 'unknown'])
const OPERATOR_EXPECTATION = ['"not"', 'operator (eq, gt, ...)']

/** The key of a filter: `cabins.name` → path ['cabins'], field name; `data->>k` → a JSON path. */
export function parseTreePath(key: string): { path: string[]; field: FieldRef } {
  return runParser('tree path', key, (cursor) => {
    const names = [cursor.fieldName()]
    while (cursor.eat('.')) names.push(cursor.fieldName())
    const jsonPath = cursor.jsonPath()
    if (!cursor.eof) cursor.unexpected(['"."', '"->"', 'end of input'])
    const name = names.pop() as string
    return { path: names, field: { name, jsonPath } }
  })
}

/** Whether a value reads as `[not.]operator.…`: PostgREST's test for "is this a filter or an RPC argument". */
export function hasOperator(value: string): boolean {
  const parts = value.split('.')
  if (parts.length >= 3 && parts[0] === 'not') return true
  if (parts.length >= 2 && (parts[0] === 'is' || parts[0] === 'in')) return true
  const head = parts[0].replace(/\((any|all)\)$/, '')
  if (
    parts.length >= 2 &&
    (SIMPLE_OPERATORS.has(head as SimpleOperator) || FTS_OPERATORS.has(head as FtsOperator))
  )
    return true
  const fts = /^(\w+)\(/.exec(value)
  return fts !== null && FTS_OPERATORS.has(fts[1] as FtsOperator)
}

/** The value of a filter: `[not.]op.value`, everything after `op.` being the value (dots and colons too). */
export function parseFilterValue(value: string): OpExpr {
  return runParser('filter', value, (cursor) => opExpr(cursor, 'plain'))
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`: the key's operator is prepended, as PostgREST does. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, value: string): LogicTree {
  return runParser('logic tree', value, (cursor) => {
    cursor.skipSpaces()
    const children = groupChildren(cursor, 1)
    cursor.skipSpaces()
    if (!cursor.eof) cursor.unexpected(['end of input'])
    return { kind: 'group', negate, op, children }
  })
}

/** How a single value ends: at the end of the input, or (inside a logic tree) at the next `,` or `)`. */
type ValueMode = 'plain' | 'logic'

function opExpr(cursor: Cursor, mode: ValueMode): OpExpr {
  const start = cursor.pos
  const negate = cursor.eat('not.')
  const opStart = cursor.pos
  if (cursor.eat('in.')) return { negate, operation: { kind: 'in', values: listValue(cursor) } }
  if (cursor.eat('is.')) {
    const word = /^[A-Za-z_]+/.exec(cursor.text.slice(cursor.pos))?.[0] ?? ''
    const value = word.toLowerCase() as IsValue
    if (!IS_VALUES.has(value)) cursor.unexpected(['null or trilean value (unknown, true, false)'])
    cursor.pos += word.length
    if (mode === 'plain' && !cursor.eof) cursor.unexpected(['end of input'])
    return { negate, operation: { kind: 'is', value } }
  }
  const fts = /^(fts|plfts|phfts|wfts)(?:\(([A-Za-z0-9_ ]+)\))?\./.exec(cursor.text.slice(cursor.pos))
  if (fts) {
    cursor.pos += fts[0].length
    const operation = { kind: 'fts' as const, op: fts[1] as FtsOperator, config: fts[2]?.trim(), value: '' }
    operation.value = singleValue(cursor, mode)
    return { negate, operation }
  }
  const dot = cursor.text.indexOf('.', cursor.pos)
  const stop = mode === 'logic' ? firstOf(cursor.text, cursor.pos, ',)') : cursor.text.length
  if (dot < 0 || dot > stop)
    cursor.unexpected(negate ? OPERATOR_EXPECTATION.slice(1) : OPERATOR_EXPECTATION, start)
  const opText = cursor.text.slice(opStart, dot)
  cursor.pos = dot + 1
  const quantified = /^(\w+)\((any|all)\)$/.exec(opText)
  const op = (quantified ? quantified[1] : opText) as SimpleOperator
  if (!SIMPLE_OPERATORS.has(op) || (quantified && !QUANTIFIABLE.has(op))) {
    cursor.fail(`unknown single value operator ${opText}`)
  }
  const quantifier = quantified ? (quantified[2] as 'any' | 'all') : undefined
  return { negate, operation: { kind: 'op', op, quantifier, value: singleValue(cursor, mode) } }
}

function firstOf(text: string, from: number, chars: string): number {
  for (let i = from; i < text.length; i++) if (chars.includes(text[i])) return i
  return text.length
}

/**
 * Inside a logic tree a value ends at `,` or `)` unless it is double-quoted or a `{…}` array
 * literal (PostgREST's pLogicSingleVal); outside one it is the rest of the text.
 */
function singleValue(cursor: Cursor, mode: ValueMode): string {
  if (mode === 'plain') return cursor.rest()
  if (cursor.peek() === '"') {
    const save = cursor.pos
    try {
      const value = cursor.quoted()
      if (cursor.eof || cursor.peek() === ',' || cursor.peek() === ')') return value
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error
    }
    cursor.pos = save
  }
  if (cursor.peek() === '{') {
    const close = cursor.text.indexOf('}', cursor.pos)
    const inner = close < 0 ? '' : cursor.text.slice(cursor.pos + 1, close)
    if (close >= 0 && !inner.includes('{')) {
      const value = cursor.text.slice(cursor.pos, close + 1)
      cursor.pos = close + 1
      return value
    }
  }
  const end = firstOf(cursor.text, cursor.pos, ',)')
  const value = cursor.text.slice(cursor.pos, end)
  cursor.pos = end
  return value
}

/** `(a,"b,c",d)`; `()` is the empty list. */
function listValue(cursor: Cursor): string[] {
  cursor.skipSpaces()
  cursor.expect('(')
  const values: string[] = []
  for (;;) {
    if (values.length >= MAX_IN_LIST) cursor.fail(`more than ${MAX_IN_LIST} values in one in.(…) list`)
    values.push(listElement(cursor))
    if (!cursor.eat(',')) break
  }
  cursor.skipSpaces()
  cursor.expect(')', '","')
  cursor.skipSpaces()
  // `in.()` parses as one empty element, which means the empty list (PostgREST: `= ANY('{}')`).
  return values.length === 1 && values[0] === '' ? [] : values
}

function listElement(cursor: Cursor): string {
  if (cursor.peek() === '"') {
    const save = cursor.pos
    try {
      const value = cursor.quoted()
      if (cursor.peek() === ',' || cursor.peek() === ')') return value
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error
    }
    cursor.pos = save
  }
  const end = firstOf(cursor.text, cursor.pos, ',)')
  const value = cursor.text.slice(cursor.pos, end)
  cursor.pos = end
  return value
}

/** `(child,child,…)` of an and/or group. */
function groupChildren(cursor: Cursor, depth: number): LogicTree[] {
  if (depth > MAX_LOGIC_DEPTH) cursor.fail(`logic trees are nested deeper than ${MAX_LOGIC_DEPTH} levels`)
  cursor.expect('(')
  const children: LogicTree[] = []
  for (;;) {
    cursor.skipSpaces()
    children.push(logicNode(cursor, depth))
    cursor.skipSpaces()
    if (!cursor.eat(',')) break
  }
  cursor.expect(')', '","')
  return children
}

/** A filter `field.op.value`, or a nested `[not.]and(…)` / `[not.]or(…)`. */
function logicNode(cursor: Cursor, depth: number): LogicTree {
  const start = cursor.pos
  const group = /^(not\.)?(and|or)\(/.exec(cursor.text.slice(cursor.pos))
  if (group) {
    cursor.pos += group[0].length - 1
    const children = groupChildren(cursor, depth + 1)
    return { kind: 'group', negate: group[1] !== undefined, op: group[2] as 'and' | 'or', children }
  }
  const field = cursor.fieldRef()
  if (!cursor.eat('.')) {
    if (cursor.peek() === '(') cursor.unexpected(['logic operator (and, or)'], start)
    cursor.unexpected(['delimiter (.)'])
  }
  const filter: Filter = { field, expr: opExpr(cursor, 'logic') }
  return { kind: 'filter', filter }
}

/** Counts the filter leaves of a tree, for the per-request filter bound. */
export function countLeaves(tree: LogicTree): number {
  return tree.kind === 'filter' ? 1 : tree.children.reduce((sum, child) => sum + countLeaves(child), 0)
}
