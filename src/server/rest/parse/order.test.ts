import { describe, expect, it } from 'vitest'
import { parseOrder } from './order'

const col = (name: string) => ({ name, jsonPath: [] })

describe('parseOrder', () => {
  it('reads direction and nulls placement, several terms', () => {
    expect(parseOrder('startDate.desc,totalPrice.asc.nullslast,id,image.nullsfirst')).toEqual([
      { field: col('startDate'), direction: 'desc' },
      { field: col('totalPrice'), direction: 'asc', nulls: 'last' },
      { field: col('id') },
      { field: col('image'), nulls: 'first' },
    ])
  })

  it('reads related to-one columns and JSON paths', () => {
    expect(parseOrder('cabins(name).desc,data->>k')).toEqual([
      { relation: 'cabins', field: col('name'), direction: 'desc' },
      { field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'k', index: false }] } },
    ])
  })

  it('refuses unknown modifiers with PGRST100', () => {
    for (const bad of [
      'id.ac',
      'id.descc',
      'id.nulsfist',
      'id.asc.nlsfst',
      'id.asc.nullslasttt',
      'id,',
      'cabins(name',
    ]) {
      expect(() => parseOrder(bad), bad).toThrow(/failed to parse order/)
    }
  })
})
