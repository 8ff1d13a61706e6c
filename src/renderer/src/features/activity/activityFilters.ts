import type { Option } from '../../ui/options'
import type { RecordKind } from './types'

export type KindFilter = RecordKind | 'all'

export const KIND_OPTIONS: readonly Option<KindFilter>[] = [
  { value: 'all', label: 'All records' },
  { value: 'bookings', label: 'Bookings' },
  { value: 'guests', label: 'Guests' },
  { value: 'cabins', label: 'Cabins' },
  { value: 'settings', label: 'Settings' },
  { value: 'staff', label: 'Staff' },
]

/** A YYYY-MM-DD day from the URL, or '' when absent or not a real day. */
export function parseDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return ''
  return new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) ? value : ''
}
