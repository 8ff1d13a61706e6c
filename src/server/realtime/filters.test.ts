import { describe, expect, it } from 'vitest'
import { checkFilters, FilterError, parseFilter, rowMatches } from './filters'

const types = new Map([
  ['id', 'int8'],
  ['status', 'text'],
  ['isPaid', 'bool'],
  ['startDate', 'date'],
])

describe('filter strings (contract §8)', () => {
  it('parses operators, not., quoted values and in lists', () => {
    expect(parseFilter('status=eq.unconfirmed')).toEqual([
      { column: 'status', operator: 'eq', negated: false, values: ['unconfirmed'] },
    ])
    expect(parseFilter('id=not.in.(1,2,"3,4")')).toEqual([
      { column: 'id', operator: 'in', negated: true, values: ['1', '2', '3,4'] },
    ])
    expect(parseFilter('status=eq."a \\"b\\"",id=gt.3')).toHaveLength(2)
    expect(parseFilter('  ')).toEqual([])
  })

  it('refuses what Realtime refuses, in its words', () => {
    expect(() => parseFilter('status=foo.x')).toThrow('Error parsing `filter` params: ["foo", "x"]')
    expect(() => parseFilter('id=in.1,2')).toThrow(
      'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    )
    expect(() => checkFilters(parseFilter('nope=eq.1'), types)).toThrow('invalid column for filter nope')
    expect(() => checkFilters(parseFilter('id=eq.abc'), types)).toThrow(FilterError)
  })

  it('compares as the column type: numbers as numbers, null never equal', () => {
    const row = { id: 10, status: 'unconfirmed', isPaid: false, startDate: '2027-03-10' }
    expect(rowMatches(parseFilter('id=gt.9'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('id=gt.9.5,status=eq.unconfirmed'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('id=lt.9'), row, types)).toBe(false)
    expect(rowMatches(parseFilter('status=in.(cancelled,unconfirmed)'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('isPaid=eq.false'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('isPaid=is.false'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('startDate=gte.2027-03-01'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('status=like.un*'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('status=ilike.UN%'), row, types)).toBe(true)
    expect(rowMatches(parseFilter('status=not.eq.unconfirmed'), { ...row, status: null }, types)).toBe(false)
    expect(rowMatches(parseFilter('status=is.null'), { ...row, status: null }, types)).toBe(true)
    // A DELETE's old identity is its key: a filter on another column cannot match it.
    expect(rowMatches(parseFilter('status=eq.unconfirmed'), { id: 10 }, types)).toBe(false)
  })
})
