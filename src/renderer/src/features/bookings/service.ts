import {
  parseSortBy,
  pageRowRange,
  type BookingSortBy,
  type BookingStatusFilter,
} from '@shared/domain/bookings'
import { supabase } from '../../lib/supabase'
import type { Booking, BookingListItem, BookingUpdate } from './types'

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

/** PostgREST's answer to a page that starts after the last row (416). */
const RANGE_NOT_SATISFIABLE = 'PGRST103'

function bookingsMatching(filter: BookingStatusFilter, columns: string, head = false) {
  const query = supabase().from('bookings').select(columns, { count: 'exact', head })
  return filter === 'all' ? query : query.eq('status', filter)
}

/** One page of bookings and the exact count of all that match, in one request. */
export async function getBookings({ filter, sortBy, page }: BookingsQuery): Promise<BookingsPage> {
  const { field, ascending } = parseSortBy(sortBy)
  const { from, to } = pageRowRange(page)
  const { data, count, error } = await bookingsMatching(filter, LIST_COLUMNS)
    .order(field, { ascending })
    // Equal dates or amounts keep one order, so no booking shows on two pages.
    .order('id', { ascending })
    .range(from, to)

  if (error?.code === RANGE_NOT_SATISFIABLE) {
    // A page past the end (the last booking on it was just deleted, or an old link): the count
    // alone lets the screen move to the last page that exists.
    const counted = await bookingsMatching(filter, 'id', true)
    if (counted.error) throw new Error('Bookings could not be loaded', { cause: counted.error })
    return { bookings: [], count: counted.count ?? 0 }
  }
  if (error) throw new Error('Bookings could not be loaded', { cause: error })
  return { bookings: data as unknown as BookingListItem[], count: count ?? 0 }
}

/** PostgREST's answer when .single() finds no row. */
const NO_ROWS = 'PGRST116'

export async function getBooking(id: number): Promise<Booking> {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('Booking not found')
  const { data, error } = await supabase()
    .from('bookings')
    .select('*, cabins(id, name), guests(*)')
    .eq('id', id)
    .single()
  if (error?.code === NO_ROWS) throw new Error('Booking not found')
  if (error) throw new Error('Booking not found', { cause: error })
  return data as Booking
}

/** Changes a booking and returns it as stored; a booking that no longer exists is a failure. */
export async function updateBooking(id: number, changes: BookingUpdate): Promise<Booking> {
  const { data, error } = await supabase().from('bookings').update(changes).eq('id', id).select().single()
  if (error) throw new Error('Booking could not be updated', { cause: error })
  return data as Booking
}

export async function deleteBooking(id: number): Promise<void> {
  const { data, error } = await supabase().from('bookings').delete().eq('id', id).select('id')
  if (error) throw new Error('Booking could not be deleted', { cause: error })
  if (data.length === 0)
    throw new Error('Booking could not be deleted', { cause: new Error(`Booking #${id} no longer exists`) })
}
