import { parseSortBy } from '@shared/domain/bookings'
import type { Cabin } from './types'

export const CABIN_DISCOUNT_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'no-discount', label: 'No discount' },
  { value: 'with-discount', label: 'With discount' },
] as const
export type CabinDiscountFilter = (typeof CABIN_DISCOUNT_FILTERS)[number]['value']
export const DEFAULT_CABIN_DISCOUNT_FILTER: CabinDiscountFilter = 'all'

export const CABIN_SORT_OPTIONS = [
  { value: 'name-asc', label: 'Sort by name (A-Z)' },
  { value: 'name-desc', label: 'Sort by name (Z-A)' },
  { value: 'regularPrice-asc', label: 'Sort by price (low first)' },
  { value: 'regularPrice-desc', label: 'Sort by price (high first)' },
  { value: 'maxCapacity-asc', label: 'Sort by capacity (low first)' },
  { value: 'maxCapacity-desc', label: 'Sort by capacity (high first)' },
] as const
export type CabinSortBy = (typeof CABIN_SORT_OPTIONS)[number]['value']
export const DEFAULT_CABIN_SORT: CabinSortBy = 'name-asc'

const DISCOUNT_MATCHES: Record<CabinDiscountFilter, (cabin: Cabin) => boolean> = {
  all: () => true,
  'no-discount': (cabin) => cabin.discount === 0,
  'with-discount': (cabin) => cabin.discount > 0,
}

// Names sort the way people read them: "Cabin 2" before "Cabin 10".
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** The cabins list as the filter and sort of the URL show it (the whole list is small and loaded once). */
export function filterAndSortCabins(
  cabins: Cabin[],
  discount: CabinDiscountFilter,
  sortBy: CabinSortBy,
): Cabin[] {
  const { field, ascending } = parseSortBy(sortBy)
  const direction = ascending ? 1 : -1
  return cabins
    .filter(DISCOUNT_MATCHES[discount])
    .sort((a, b) =>
      field === 'name' ? direction * byName.compare(a.name, b.name) : direction * (a[field] - b[field]),
    )
}
