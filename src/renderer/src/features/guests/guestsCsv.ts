import type { CsvColumn } from '@shared/csv'
import { toLocalIsoDate, today } from '@shared/clock'
import type { CsvExport } from '../../ui/ExportCsvButton'
import { useOptionParam, useTextParam } from '../../ui/searchParams'
import { DEFAULT_GUEST_SORT, GUEST_SORT_OPTIONS } from './guestList'
import { countGuests, guestsForExport } from './service'
import type { GuestDirectoryRow } from './types'

/** The columns of a guests export: the directory's, with the day each guest was added. */
export const GUEST_CSV_COLUMNS: readonly CsvColumn<GuestDirectoryRow>[] = [
  { header: 'Guest', value: (g) => g.fullName },
  { header: 'Email', value: (g) => g.email },
  { header: 'Nationality', value: (g) => g.nationality },
  { header: 'National ID', value: (g) => g.nationalID },
  { header: 'Stays', value: (g) => g.numStays },
  { header: 'Last stay', value: (g) => g.lastStay },
  { header: 'Added on', value: (g) => toLocalIsoDate(new Date(g.created_at)) },
]

/** The export of every guest the directory shows now: its search and sort, all pages. */
export function useGuestsCsv(): () => CsvExport<GuestDirectoryRow> {
  const [search] = useTextParam('q')
  const [sortBy] = useOptionParam('sortBy', GUEST_SORT_OPTIONS, DEFAULT_GUEST_SORT)
  return () => ({
    fileName: `guests-${today()}.csv`,
    columns: GUEST_CSV_COLUMNS,
    pages: (signal) => guestsForExport(search, sortBy, { signal }),
    total: () => countGuests(search),
    unit: 'guest',
    failure: 'Guests could not be exported',
  })
}
