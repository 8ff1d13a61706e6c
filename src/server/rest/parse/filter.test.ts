import { describe, expect, it } from 'vitest'
import { RestError } from '../errors'
import { hasOperator, parseFilterValue, parseLogicTree, parseTreePath } from './filter'

/** The `details` of the PGRST100 a parse throws. */
function details(parse: () => unknown): string | null {
  try {
    parse()
  } catch (error) {
    return (error as RestError).body.details
  }
  throw new Error('no error')
}

const op = (o: string, value: string, extra: object = {}) => ({
  negate: false,
  operation: { kind: 'op', op: o, value, quantifier: undefined, ...extra },
})

describe('parseFilterValue', () => {
  it('reads every simple operator with the rest as the value (dots and colons included)', () => {
    for (const o of [
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
    ]) {
      expect(parseFilterValue(`${o}.a.b:c`)).toEqual(op(o, 'a.b:c'))
    }
    expect(parseFilterValue('eq.2024-06-15T00:00:00.000Z')).toEqual(op('eq', '2024-06-15T00:00:00.000Z'))
    expect(parseFilterValue('eq.')).toEqual(op('eq', ''))
  })

  it('keeps eq.null as the string null', () => {
    expect(parseFilterValue('eq.null')).toEqual(op('eq', 'null'))
  })

  it('reads not., is (case-insensitive) and in lists with quoted elements', () => {
    expect(parseFilterValue('not.is.null')).toEqual({
      negate: true,
      operation: { kind: 'is', value: 'null' },
    })
    expect(parseFilterValue('is.NULL')).toEqual({ negate: false, operation: { kind: 'is', value: 'null' } })
    expect(parseFilterValue('is.not_null').operation).toEqual({ kind: 'is', value: 'not_null' })
    expect(parseFilterValue('in.(1,2,"c,d","e\\"f")').operation).toEqual({
      kind: 'in',
      values: ['1', '2', 'c,d', 'e"f'],
    })
    expect(parseFilterValue('not.in.(1,2)')).toEqual({
      negate: true,
      operation: { kind: 'in', values: ['1', '2'] },
    })
  })

  it('reads in.() as the empty list', () => {
    expect(parseFilterValue('in.()').operation).toEqual({ kind: 'in', values: [] })
  })

  it('reads fts operators with an optional config', () => {
    expect(parseFilterValue('wfts(english).late arrival').operation).toEqual({
      kind: 'fts',
      op: 'wfts',
      config: 'english',
      value: 'late arrival',
    })
    expect(parseFilterValue('fts.cat').operation).toEqual({
      kind: 'fts',
      op: 'fts',
      config: undefined,
      value: 'cat',
    })
  })

  it('reads (any)/(all) modifiers', () => {
    expect(parseFilterValue('like(any).{a*,b*}')).toEqual(op('like', '{a*,b*}', { quantifier: 'any' }))
    expect(details(() => parseFilterValue('cs(any).{1}'))).toBe('unknown single value operator cs(any)')
  })

  it('words unknown operators and missing operators as PostgREST does', () => {
    const body = (value: string) => {
      try {
        parseFilterValue(value)
      } catch (error) {
        return (error as RestError).body
      }
      throw new Error('no error')
    }
    expect(body('noop.0')).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (noop.0)" (line 1, column 6)',
      details: 'unknown single value operator noop',
      hint: null,
    })
    expect(body('5').details).toBe('unexpected "5" expecting "not" or operator (eq, gt, ...)')
    expect(body('').details).toBe('unexpected end of input expecting "not" or operator (eq, gt, ...)')
    expect(body('is.maybe').details).toMatch(/null or trilean value/)
    expect(body('in.(1,2').code).toBe('PGRST100')
  })
})

describe('parseLogicTree', () => {
  it('parses the captured today-activity tree with ISO values and dashes (E3)', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(and(status.eq.unconfirmed,startDate.eq.2024-06-15T00:00:00.000Z),and(status.eq.checked-in,endDate.eq.2024-06-12T00:00:00.000Z))',
    )
    expect(tree).toEqual({
      kind: 'group',
      negate: false,
      op: 'or',
      children: [
        {
          kind: 'group',
          negate: false,
          op: 'and',
          children: [
            {
              kind: 'filter',
              filter: { field: { name: 'status', jsonPath: [] }, expr: op('eq', 'unconfirmed') },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'startDate', jsonPath: [] },
                expr: op('eq', '2024-06-15T00:00:00.000Z'),
              },
            },
          ],
        },
        {
          kind: 'group',
          negate: false,
          op: 'and',
          children: [
            {
              kind: 'filter',
              filter: { field: { name: 'status', jsonPath: [] }, expr: op('eq', 'checked-in') },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'endDate', jsonPath: [] },
                expr: op('eq', '2024-06-12T00:00:00.000Z'),
              },
            },
          ],
        },
      ],
    })
  })

  it('ends values at , or ) unless quoted or an array literal', () => {
    const tree = parseLogicTree('or', false, '(a.eq."x,y)",b.cs.{1,2},c.in.(1,"2,3"),d.not.is.null)')
    if (tree.kind !== 'group') throw new Error('group expected')
    expect(tree.children.map((c) => (c.kind === 'filter' ? c.filter.expr : null))).toEqual([
      op('eq', 'x,y)'),
      op('cs', '{1,2}'),
      { negate: false, operation: { kind: 'in', values: ['1', '2,3'] } },
      { negate: true, operation: { kind: 'is', value: 'null' } },
    ])
  })

  it('reads not.and / not.or groups', () => {
    const tree = parseLogicTree('and', false, '(id.gt.1,not.or(id.eq.2,id.eq.3))')
    expect(tree.kind === 'group' && tree.children[1]).toMatchObject({ kind: 'group', negate: true, op: 'or' })
  })

  it('refuses malformed trees with PGRST100', () => {
    for (const bad of [
      '()',
      '(id.in.1,2)',
      'id.eq.1',
      '(a.eq.1',
      '(a.eq.1))',
      '(a.foo.1)',
      '(xor(a.eq.1))',
    ]) {
      expect(() => parseLogicTree('or', false, bad), bad).toThrow(/failed to parse logic tree/)
    }
  })

  it('bounds the nesting depth', () => {
    const deep = '(' + 'and('.repeat(20) + 'a.eq.1' + ')'.repeat(20) + ')'
    expect(details(() => parseLogicTree('or', false, deep))).toMatch(/nested deeper/)
  })
})

describe('parseTreePath', () => {
  it('splits embed path, column and JSON path', () => {
    expect(parseTreePath('cabins.name')).toEqual({ path: ['cabins'], field: { name: 'name', jsonPath: [] } })
    expect(parseTreePath('data->>key')).toEqual({
      path: [],
      field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'key', index: false }] },
    })
  })
})

describe('hasOperator', () => {
  it('tells filters from plain RPC arguments', () => {
    expect(hasOperator('eq.1')).toBe(true)
    expect(hasOperator('not.eq.1')).toBe(true)
    expect(hasOperator('in.(1)')).toBe(true)
    expect(hasOperator('wfts(english).x')).toBe(true)
    expect(hasOperator('eq(any).{1}')).toBe(true)
    expect(hasOperator('2024-06-15')).toBe(false)
    expect(hasOperator('7')).toBe(false)
    expect(hasOperator('Europe/Berlin')).toBe(false)
    expect(hasOperator('a.b@example.com')).toBe(false)
  })
})
