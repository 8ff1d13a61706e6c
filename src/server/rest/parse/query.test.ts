import { describe, expect, it } from 'vitest'
import { RestError } from '../errors'
import { MAX_FILTERS } from '../limits'
import { canonicalQuery, decodeForm, parseQuery, splitQuery } from './query'

describe('decodeForm', () => {
  it('reads + as a space and %XX as UTF-8 bytes, as URLSearchParams encodes', () => {
    expect(decodeForm('ilike.*late+arrival*')).toBe('ilike.*late arrival*')
    expect(decodeForm('%C3%A9t%C3%A9%2C%28x%29')).toBe('été,(x)')
    expect(decodeForm(new URLSearchParams({ a: 'a b+c,(d):"e"' }).toString().slice(2))).toBe('a b+c,(d):"e"')
  })

  it('keeps malformed escapes literally instead of failing', () => {
    expect(decodeForm('100%')).toBe('100%')
    expect(decodeForm('%zz%4')).toBe('%zz%4')
  })

  it('passes plain text through untouched', () => {
    expect(decodeForm('eq.2024-06-15T00:00:00.000Z')).toBe('eq.2024-06-15T00:00:00.000Z')
  })
})

describe('splitQuery', () => {
  it('splits pairs, decodes both sides and marks keys without a value', () => {
    expect(splitQuery('a=1&b&c=x+y&&d=')).toEqual([
      ['a', '1'],
      ['b', null],
      ['c', 'x y'],
      ['d', ''],
    ])
  })
})

describe('parseQuery', () => {
  it('defaults select to *', () => {
    const q = parseQuery('', 'table')
    expect(q.select).toEqual([{ kind: 'star' }])
    expect(q.defaultSelect).toBe(true)
  })

  it('treats an empty select like a missing one', () => {
    expect(parseQuery('select=', 'table').defaultSelect).toBe(true)
  })

  it('uses the first select, columns and on_conflict', () => {
    const q = parseQuery('select=id&select=name&columns=%22a%22,%22b%22&on_conflict=name', 'table')
    expect(q.select).toEqual([{ kind: 'field', field: { name: 'id', jsonPath: [] } }])
    expect(q.columns).toEqual(['a', 'b'])
    expect(q.onConflict).toEqual(['name'])
  })

  it('keeps repeated filters on one column (they are ANDed)', () => {
    const q = parseQuery('id=gt.0&id=lt.9', 'table')
    expect(q.filters.map((f) => f.filter.expr.operation)).toEqual([
      { kind: 'op', op: 'gt', value: '0', quantifier: undefined },
      { kind: 'op', op: 'lt', value: '9', quantifier: undefined },
    ])
  })

  it('routes dotted keys to embeds: filters, order, limit, offset, or', () => {
    const q = parseQuery(
      'cabins.name=eq.001&bookings.order=startDate.desc&bookings.limit=1&bookings.offset=2&bookings.or=(id.eq.1)',
      'table',
    )
    expect(q.filters[0].path).toEqual(['cabins'])
    expect(q.filters[0].filter.field.name).toBe('name')
    expect(q.order.get('bookings')?.[0].direction).toBe('desc')
    expect(q.ranges.get('bookings')).toEqual({ limit: 1, offset: 2 })
    expect(q.logic[0].path).toEqual(['bookings'])
  })

  it('reads not.or as a negated tree', () => {
    const q = parseQuery('not.or=(a.eq.1,b.eq.2)', 'table')
    expect(q.logic[0]).toMatchObject({ path: [], tree: { kind: 'group', negate: true, op: 'or' } })
  })

  it('reads limit and offset like PostgREST: junk ignored, negative offset is 0, negative limit kept', () => {
    expect(parseQuery('limit=abc&offset=-3', 'table').ranges.get('')).toEqual({ limit: undefined, offset: 0 })
    expect(parseQuery('limit=-1', 'table').ranges.get('')).toEqual({ limit: -1, offset: 0 })
    expect(parseQuery('offset=10&limit=10', 'table').ranges.get('')).toEqual({ limit: 10, offset: 10 })
  })

  it('ignores keys without a value', () => {
    expect(parseQuery('id&select', 'table').filters).toEqual([])
  })

  it('takes plain keys of GET /rpc as arguments and operator values as filters', () => {
    const q = parseQuery(
      'p_today=2024-06-15&p_days=7&select=id&id=gt.3&p_time_zone=Europe%2FBerlin',
      'rpc-read',
    )
    expect(q.rpcArgs).toEqual([
      ['p_today', '2024-06-15'],
      ['p_days', '7'],
      ['p_time_zone', 'Europe/Berlin'],
    ])
    expect(q.filters).toHaveLength(1)
  })

  it('ignores plain keys on POST /rpc (arguments come from the body)', () => {
    const q = parseQuery('x=1&id=eq.2', 'rpc-post')
    expect(q.rpcArgs).toEqual([])
    expect(q.filters).toHaveLength(1)
  })

  it('refuses a filter without an operator on a table with PGRST100', () => {
    try {
      parseQuery('id=5', 'table')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(RestError)
      expect((error as RestError).body).toEqual({
        code: 'PGRST100',
        message: '"failed to parse filter (5)" (line 1, column 1)',
        details: 'unexpected "5" expecting "not" or operator (eq, gt, ...)',
        hint: null,
      })
    }
  })

  it('bounds the number of filters, counting logic tree leaves', () => {
    const many = Array.from({ length: MAX_FILTERS + 1 }, (_, i) => `c${i}=eq.1`).join('&')
    expect(() => parseQuery(many, 'table')).toThrow(/Too many filters/)
    const tree = `or=(${Array.from({ length: MAX_FILTERS + 1 }, () => 'a.eq.1').join(',')})`
    expect(() => parseQuery(tree, 'table')).toThrow(/Too many filters/)
  })
})

describe('canonicalQuery', () => {
  it('sorts by key and re-encodes', () => {
    expect(
      canonicalQuery([
        ['select', 'id,name'],
        ['id', 'eq.1'],
      ]),
    ).toBe('id=eq.1&select=id%2Cname')
  })
})
