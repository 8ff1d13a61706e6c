import type { CsvColumn } from '@shared/csv'
import { toLocalIsoDate, today } from '@shared/clock'
import {
  BOOKING_SORT_OPTIONS,
  BOOKING_STATUS_FILTERS,
  BOOKING_STATUS_LABELS,
  DEFAULT_BOOKING_SORT,
  DEFAULT_BOOKING_STATUS_FILTER,
} from '@shared/domain/bookings'
import type { CsvExport } from '../../ui/ExportCsvButton'
import { useOptionParam } from '../../ui/searchParams'
import { bookingsForExport, countBookings } from './service'
import type { BookingExportRow } from './types'

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/** The columns of a bookings export, for the accountant's spreadsheet: dates YYYY-MM-DD, amounts plain. */
export const BOOKING_CSV_COLUMNS: readonly CsvColumn<BookingExportRow>[] = [
  { header: 'Booking', value: (b) => b.id },
  { header: 'Booked on', value: (b) => toLocalIsoDate(new Date(b.created_at)) },
  { header: 'Cabin', value: (b) => b.cabins?.name },
  { header: 'Guest', value: (b) => b.guests?.fullName },
  { header: 'Email', value: (b) => b.guests?.email },
  { header: 'Nationality', value: (b) => b.guests?.nationality },
  { header: 'Arrival', value: (b) => b.startDate },
  { header: 'Departure', value: (b) => b.endDate },
  { header: 'Nights', value: (b) => b.numNights },
  { header: 'Guests', value: (b) => b.numGuests },
  { header: 'Status', value: (b) => BOOKING_STATUS_LABELS[b.status] },
  { header: 'Breakfast', value: (b) => yesNo(b.hasBreakfast) },
  { header: 'Paid', value: (b) => yesNo(b.isPaid) },
  { header: 'Cabin price', value: (b) => b.cabinPrice },
  { header: 'Extras', value: (b) => b.extrasPrice },
  { header: 'Total', value: (b) => b.totalPrice },
  { header: 'Observations', value: (b) => b.observations },
]

/** The export of every booking the list shows now: its status filter and sort, all pages. */
export function useBookingsCsv(): () => CsvExport<BookingExportRow> {
  const [filter] = useOptionParam('status', BOOKING_STATUS_FILTERS, DEFAULT_BOOKING_STATUS_FILTER)
  const [sortBy] = useOptionParam('sortBy', BOOKING_SORT_OPTIONS, DEFAULT_BOOKING_SORT)
  return () => ({
    fileName: `bookings-${filter}-${today()}.csv`,
    columns: BOOKING_CSV_COLUMNS,
    pages: (signal) => bookingsForExport(filter, sortBy, { signal }),
    total: () => countBookings(filter),
    unit: 'booking',
    failure: 'Bookings could not be exported',
  })
}
