import {
  parseBookingStatus,
  parseSortBy,
  pageRowRange,
  type BookingSortBy,
  type BookingStatus,
  type BookingStatusFilter,
} from '@shared/domain/bookings'
import { pagesFrom, type ExportPaging } from '../../lib/exportCsv'
import { NotFoundError } from '../../lib/notFound'
import { supabase } from '../../lib/supabase'
import type {
  Booking,
  BookingExportRow,
  BookingListItem,
  BookingRecord,
  BookingUpdate,
  DayStay,
} from './types'

export interface BookingsQuery {
  filter: BookingStatusFilter
  sortBy: BookingSortBy
  page: number
}

export interface BookingsPage {
  bookings: BookingListItem[]
  /** All bookings matching the filter, across pages. */
  count: number
}

const LIST_COLUMNS =
  'id, created_at, startDate, endDate, numNights, numGuests, status, totalPrice, cabins(name), guests(fullName, email)'

/**
 * One page of bookings and the exact count of all that match, in two requests sent at once. The count
 * is read from booking_counts, which triggers keep in step with every change to the bookings:
 * counting the matching rows instead would visit ~490 000 of them per page at a large property.
 */
export async function getBookings({ filter, sortBy, page }: BookingsQuery): Promise<BookingsPage> {
  const [bookings, count] = await Promise.all([bookingsPage(filter, sortBy, page), countBookings(filter)])
  // A page past the end (its last booking was just deleted, or an old link) comes back empty: the count
  // lets the screen move to the last page that exists.
  return { bookings, count }
}

/** The filter's status as PostgREST equality filters: none for "all". */
function statusMatch(filter: BookingStatusFilter): Record<string, string> {
  return filter === 'all' ? {} : { status: filter }
}

async function bookingsPage(
  filter: BookingStatusFilter,
  sortBy: BookingSortBy,
  page: number,
): Promise<BookingListItem[]> {
  const { field, ascending } = parseSortBy(sortBy)
  const { from, to } = pageRowRange(page)
  const { data, error } = await supabase()
    .from('bookings')
    .select(LIST_COLUMNS)
    .match(statusMatch(filter))
    .order(field, { ascending })
    // Equal dates or amounts keep one order, so no booking shows on two pages.
    .order('id', { ascending })
    .range(from, to)
  if (error) throw new Error('Bookings could not be loaded', { cause: error })
  return data.map(withBookingStatus)
}

/** Supabase's db-max-rows, the most one read returns. */
const EXPORT_PAGE_SIZE = 1000

const EXPORT_COLUMNS =
  'id, created_at, startDate, endDate, numNights, numGuests, status, cabinPrice, extrasPrice, totalPrice, hasBreakfast, isPaid, observations, cabins(name), guests(fullName, email, nationality)'

/** Where the next export page starts: after this booking, in the list's order. */
interface AfterBooking {
  value: string | number
  id: number
}

/**
 * Every booking the list shows for a filter and sort, a thousand at a time, for an export. Pages are
 * keyset pages (after the last booking's sort value and id), read from the sort's index like the
 * list: an offset would read every row before the page again (O(n²) at 500 000 bookings), and a
 * booking made or deleted during the export would shift the pages so that one is skipped or repeated.
 */
export function bookingsForExport(
  filter: BookingStatusFilter,
  sortBy: BookingSortBy,
  { pageSize = EXPORT_PAGE_SIZE, signal }: ExportPaging = {},
) {
  const { field, ascending } = parseSortBy(sortBy)
  return pagesFrom<BookingExportRow, AfterBooking | 'first'>(
    'first',
    async (after, signal) => {
      let query = supabase().from('bookings').select(EXPORT_COLUMNS).match(statusMatch(filter))
      if (after !== 'first') {
        // (field, id) after the last one: field past it, or equal with a later id. The plain bound
        // lets the index scan start there.
        query = (ascending ? query.gte(field, after.value) : query.lte(field, after.value)).or(
          `${field}.neq.${after.value},id.${ascending ? 'gt' : 'lt'}.${after.id}`,
        )
      }
      const { data, error } = await query
        .order(field, { ascending })
        .order('id', { ascending })
        .limit(pageSize)
        .abortSignal(signal)
      if (error) throw new Error('Bookings could not be exported', { cause: error })
      const rows = data.map(withBookingStatus)
      const last = rows.at(-1)
      // A project may return fewer rows than asked: only an empty page ends the export.
      return { rows, next: last ? { value: last[field], id: last.id } : null }
    },
    signal,
  )
}

export async function countBookings(filter: BookingStatusFilter): Promise<number> {
  const { data, error } = await supabase().from('booking_counts').select('total').match(statusMatch(filter))
  if (error) throw new Error('Bookings could not be loaded', { cause: error })
  // One row per status that ever had a booking; "all" adds them up.
  return data.reduce((sum, row) => sum + Number(row.total), 0)
}

/** The database keeps status as text; the screens know the four statuses it may hold. */
function withBookingStatus<Row extends { status: string }>(
  row: Row,
): Omit<Row, 'status'> & { status: BookingStatus } {
  return { ...row, status: parseBookingStatus(row.status) }
}

const DAY_STAY_COLUMNS =
  'id, startDate, endDate, numNights, numGuests, status, hasBreakfast, isPaid, observations, cabins(name), guests(fullName)'

/**
 * Every stay that touches a day, departure day included: the day's arrivals, departures and the guests
 * in house that night, for the day sheet to sort out. Cancelled ones hold no nights and are left out;
 * read through (status, "endDate"), so only stays ending that day or later are visited.
 */
export async function getStaysOnDay(day: string): Promise<DayStay[]> {
  const { data, error } = await supabase()
    .from('bookings')
    .select(DAY_STAY_COLUMNS)
    .in('status', ['unconfirmed', 'checked-in', 'checked-out'])
    .lte('startDate', day)
    .gte('endDate', day)
    .order('id')
  if (error) throw new Error("Today's sheet could not be loaded", { cause: error })
  return data.map(withBookingStatus)
}

/** PostgREST's answer when .single() finds no row. */
const NO_ROWS = 'PGRST116'

/** A booking with its cabin and guest; one that does not exist is a NotFoundError ("Booking not found"). */
export async function getBooking(id: number): Promise<Booking> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFoundError('Booking not found')
  const { data, error } = await supabase()
    .from('bookings')
    .select('*, cabins(id, name), guests(*)')
    .eq('id', id)
    .single()
  if (error?.code === NO_ROWS) throw new NotFoundError('Booking not found')
  if (error) throw new Error('Booking could not be loaded', { cause: error })
  return withBookingStatus(data)
}

/** Changes a booking and returns it as stored; a booking that no longer exists is a failure. */
export async function updateBooking(id: number, changes: BookingUpdate): Promise<BookingRecord> {
  const { data, error } = await supabase().from('bookings').update(changes).eq('id', id).select().single()
  if (error) throw new Error('Booking could not be updated', { cause: error })
  return withBookingStatus(data)
}

export async function deleteBooking(id: number): Promise<void> {
  const { data, error } = await supabase().from('bookings').delete().eq('id', id).select('id')
  if (error) throw new Error('Booking could not be deleted', { cause: error })
  if (data.length === 0)
    throw new Error('Booking could not be deleted', { cause: new Error(`Booking #${id} no longer exists`) })
}
