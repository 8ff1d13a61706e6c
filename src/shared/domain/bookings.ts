/** Booking statuses, the bookings list's filter, sort and paging rules (spec §2, §4, §9). */

import { plural } from './format'

export const BOOKING_STATUSES = ['unconfirmed', 'checked-in', 'checked-out', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/**
 * A status as the database stores it (text, which the bookings trigger limits to these four). Read
 * at the boundary, so a status the screens do not know fails there instead of showing as blank.
 */
export function parseBookingStatus(value: string): BookingStatus {
  const status = BOOKING_STATUSES.find((known) => known === value)
  if (!status) throw new Error(`Unknown booking status: ${value}`)
  return status
}

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  unconfirmed: 'Unconfirmed',
  'checked-in': 'Checked in',
  'checked-out': 'Checked out',
  cancelled: 'Cancelled',
}

/** Only a booking nobody has arrived for can be cancelled; it is kept, and frees its cabin. */
export function canBeCancelled(status: BookingStatus): boolean {
  return status === 'unconfirmed'
}

/** The database deletes only finished bookings: a stay that happened, or one that never will. */
export function canBeDeleted(status: BookingStatus): boolean {
  return status === 'checked-out' || status === 'cancelled'
}

/** The paid banner's words: a cancelled stay that was never paid is owed nothing. */
export function paymentStatusLabel({ isPaid, status }: { isPaid: boolean; status: BookingStatus }): string {
  if (isPaid) return 'Paid'
  return status === 'cancelled' ? 'Nothing to pay' : 'Will pay at property'
}

export const BOOKING_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'checked-out', label: BOOKING_STATUS_LABELS['checked-out'] },
  { value: 'checked-in', label: BOOKING_STATUS_LABELS['checked-in'] },
  { value: 'unconfirmed', label: BOOKING_STATUS_LABELS.unconfirmed },
  { value: 'cancelled', label: BOOKING_STATUS_LABELS.cancelled },
] as const
export type BookingStatusFilter = (typeof BOOKING_STATUS_FILTERS)[number]['value']
export const DEFAULT_BOOKING_STATUS_FILTER: BookingStatusFilter = 'all'

export const BOOKING_SORT_OPTIONS = [
  { value: 'startDate-desc', label: 'Sort by date (recent first)' },
  { value: 'startDate-asc', label: 'Sort by date (earlier first)' },
  { value: 'totalPrice-desc', label: 'Sort by amount (high first)' },
  { value: 'totalPrice-asc', label: 'Sort by amount (low first)' },
] as const
export type BookingSortBy = (typeof BOOKING_SORT_OPTIONS)[number]['value']
export const DEFAULT_BOOKING_SORT: BookingSortBy = 'startDate-desc'

export interface SortOrder<Field extends string> {
  field: Field
  ascending: boolean
}

/** "startDate-desc" → { field: 'startDate', ascending: false }. */
export function parseSortBy<Field extends string>(sortBy: `${Field}-${'asc' | 'desc'}`): SortOrder<Field> {
  const separator = sortBy.lastIndexOf('-')
  return { field: sortBy.slice(0, separator) as Field, ascending: sortBy.slice(separator + 1) === 'asc' }
}

export const BOOKINGS_PAGE_SIZE = 10

/** The page query parameter as a page number: anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** How many pages `count` results fill; an empty list still has one (empty) page. */
export function pageCount(count: number, pageSize = BOOKINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize))
}

/** Zero-based, inclusive row indexes of a page, as a range request wants them. */
export function pageRowRange(page: number, pageSize = BOOKINGS_PAGE_SIZE): { from: number; to: number } {
  const from = (page - 1) * pageSize
  return { from, to: from + pageSize - 1 }
}

/** "Showing 11 to 20 of 24 results": one-based positions of the page's first and last rows. */
export function showingResultsText(page: number, count: number, pageSize = BOOKINGS_PAGE_SIZE): string {
  const { from, to } = pageRowRange(page, pageSize)
  return `Showing ${Math.min(from + 1, count)} to ${Math.min(to + 1, count)} of ${count} results`
}

/** "Jun 15 2026" — a YYYY-MM-DD stay date, the same on every machine whatever its time zone. */
export function formatShortStayDate(date: string): string {
  const [year, month, day] = date.split('-')
  const monthName = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  })
  return `${monthName} ${day} ${year}`
}

export function nightsLabel(numNights: number): string {
  return plural(numNights, 'night')
}
