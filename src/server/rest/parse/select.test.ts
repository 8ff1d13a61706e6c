import { describe, expect, it } from 'vitest'
import { RestError } from '../errors'
import { MAX_SELECT_DEPTH } from '../limits'
import { parseSelect } from './select'

const field = (name: string, extra: object = {}) => ({
  kind: 'field',
  field: { name, jsonPath: [] },
  ...extra,
})

describe('parseSelect', () => {
  it('parses columns, star and embeds (E1)', () => {
    expect(parseSelect('id,created_at,cabins(name),guests(fullName,email)')).toEqual([
      field('id'),
      field('created_at'),
      { kind: 'embed', relation: 'cabins', spread: false, children: [field('name')] },
      { kind: 'embed', relation: 'guests', spread: false, children: [field('fullName'), field('email')] },
    ])
    expect(parseSelect('*,cabins(*)')).toEqual([
      { kind: 'star' },
      { kind: 'embed', relation: 'cabins', spread: false, children: [{ kind: 'star' }] },
    ])
  })

  it('tolerates whitespace around items (curl users do not strip it)', () => {
    expect(parseSelect(' id , cabins ( name ) ')).toEqual([
      field('id'),
      { kind: 'embed', relation: 'cabins', spread: false, children: [field('name')] },
    ])
  })

  it('reads aliases, casts and JSON paths', () => {
    expect(parseSelect('guest:fullName,price:totalPrice::text,data->a->>b,data->0')).toEqual([
      field('fullName', { alias: 'guest' }),
      field('totalPrice', { alias: 'price', cast: 'text' }),
      {
        kind: 'field',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
      },
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->', key: '0', index: true }] } },
    ])
  })

  it('reads hints, !inner, !left, aliases and spreads on embeds', () => {
    expect(parseSelect('c:cabins!bookings_cabinId_fkey!inner(name),guests!left(id),...cabins(name)')).toEqual(
      [
        {
          kind: 'embed',
          relation: 'cabins',
          alias: 'c',
          hint: 'bookings_cabinId_fkey',
          joinType: 'inner',
          spread: false,
          children: [field('name')],
        },
        { kind: 'embed', relation: 'guests', joinType: 'left', spread: false, children: [field('id')] },
        { kind: 'embed', relation: 'cabins', spread: true, children: [field('name')] },
      ],
    )
  })

  it('allows an empty embed list', () => {
    expect(parseSelect('id,cabins()')).toEqual([
      field('id'),
      { kind: 'embed', relation: 'cabins', spread: false, children: [] },
    ])
  })

  it('takes quoted names verbatim, camelCase kept', () => {
    expect(parseSelect('"my col","a,b",maxCapacity')).toEqual([
      field('my col'),
      field('a,b'),
      field('maxCapacity'),
    ])
  })

  it('maps allowed casts to SQL type names and refuses others', () => {
    expect(parseSelect('id::int8')).toEqual([field('id', { cast: 'bigint' })])
    expect(() => parseSelect('id::pg_catalog')).toThrow(RestError)
    expect(() => parseSelect('id::text;drop')).toThrow(RestError)
  })

  it('reports parse errors as PGRST100 with a position', () => {
    try {
      parseSelect('id,clients(name[])')
      expect.unreachable()
    } catch (error) {
      const body = (error as RestError).body
      expect(body.code).toBe('PGRST100')
      expect(body.message).toBe('"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)')
      expect(body.details).toMatch(/^unexpected "\[" expecting/)
    }
    expect(() => parseSelect('id,')).toThrow(/failed to parse select parameter/)
    expect(() => parseSelect('cabins(name')).toThrow(/failed to parse select parameter/)
    expect(() => parseSelect('a)')).toThrow(/failed to parse select parameter/)
  })

  it('refuses aggregates as Supabase does (PGRST123)', () => {
    for (const select of ['count()', 'total:count()', 'totalPrice.sum()', 'id,cabins(regularPrice.avg())']) {
      try {
        parseSelect(select)
        expect.unreachable()
      } catch (error) {
        expect((error as RestError).body, select).toMatchObject({
          code: 'PGRST123',
          message: 'Use of aggregate functions is not allowed',
        })
      }
    }
  })

  it('bounds nesting depth', () => {
    const deep = (n: number) => 'x('.repeat(n) + 'id' + ')'.repeat(n)
    expect(() => parseSelect(deep(MAX_SELECT_DEPTH))).not.toThrow()
    try {
      parseSelect(deep(MAX_SELECT_DEPTH + 1))
      expect.unreachable()
    } catch (error) {
      expect((error as RestError).body.details).toMatch(/nested deeper/)
    }
  })
})
