import { describe, expect, it } from 'vitest'
import { CABIN_SORT_OPTIONS, filterAndSortCabins } from './cabinList'
import type { Cabin } from './types'

const cabin = (name: string, regularPrice: number, maxCapacity: number, discount: number): Cabin => ({
  id: regularPrice,
  created_at: '2026-01-01T00:00:00Z',
  name,
  maxCapacity,
  regularPrice,
  discount,
  image: null,
  description: '',
})

const cabins = [cabin('Cabin 10', 500, 6, 50), cabin('Cabin 2', 250, 2, 0), cabin('cabin 3', 350, 4, 25)]
const names = (list: Cabin[]) => list.map((c) => c.name)

describe('filterAndSortCabins', () => {
  it('offers the six sorts with their labels', () => {
    expect(CABIN_SORT_OPTIONS.map((option) => option.label)).toEqual([
      'Sort by name (A-Z)',
      'Sort by name (Z-A)',
      'Sort by price (low first)',
      'Sort by price (high first)',
      'Sort by capacity (low first)',
      'Sort by capacity (high first)',
    ])
  })

  it('sorts names as people read them', () => {
    expect(names(filterAndSortCabins(cabins, 'all', 'name-asc'))).toEqual(['Cabin 2', 'cabin 3', 'Cabin 10'])
    expect(names(filterAndSortCabins(cabins, 'all', 'name-desc'))).toEqual(['Cabin 10', 'cabin 3', 'Cabin 2'])
  })

  it('sorts by price and capacity', () => {
    expect(names(filterAndSortCabins(cabins, 'all', 'regularPrice-desc'))).toEqual([
      'Cabin 10',
      'cabin 3',
      'Cabin 2',
    ])
    expect(names(filterAndSortCabins(cabins, 'all', 'maxCapacity-asc'))).toEqual([
      'Cabin 2',
      'cabin 3',
      'Cabin 10',
    ])
  })

  it('filters by discount', () => {
    expect(names(filterAndSortCabins(cabins, 'no-discount', 'name-asc'))).toEqual(['Cabin 2'])
    expect(names(filterAndSortCabins(cabins, 'with-discount', 'name-asc'))).toEqual(['cabin 3', 'Cabin 10'])
  })

  it('leaves the loaded list untouched', () => {
    filterAndSortCabins(cabins, 'all', 'name-asc')
    expect(names(cabins)).toEqual(['Cabin 10', 'Cabin 2', 'cabin 3'])
  })
})
