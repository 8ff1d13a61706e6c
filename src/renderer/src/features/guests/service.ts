import { parseBookingStatus, pageRowRange } from '@shared/domain/bookings'
import type { GuestInput } from '@shared/domain/guests'
import { NotFoundError } from '../../lib/notFound'
import { supabase } from '../../lib/supabase'
import type { GuestSortBy } from './guestList'
import type { Guest, GuestDirectoryRow, GuestStay } from './types'

export interface GuestsQuery {
  /** What the search box holds ('' for every guest): part of a name, an email or a national ID. */
  search: string
  sortBy: GuestSortBy
  page: number
}

export interface GuestsPage {
  guests: GuestDirectoryRow[]
  /** Every guest the search matches, across pages. */
  count: number
}

/** One page of the directory and how many guests match, in two requests sent at once. */
export async function getGuests({ search, sortBy, page }: GuestsQuery): Promise<GuestsPage> {
  const { from, to } = pageRowRange(page)
  const [guests, count] = await Promise.all([
    supabase().rpc('guest_directory', {
      p_search: search,
      p_sort: sortBy,
      p_offset: from,
      p_limit: to - from + 1,
    }),
    supabase().rpc('count_guests', { p_search: search }),
  ])
  const error = guests.error ?? count.error
  if (error) throw new Error('Guests could not be loaded', { cause: error })
  return { guests: guests.data ?? [], count: Number(count.data) }
}

/** PostgREST's answer when .single() finds no row. */
const NO_ROWS = 'PGRST116'

/** A guest; one that does not exist is a NotFoundError ("Guest not found"). */
export async function getGuest(id: number): Promise<Guest> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFoundError('Guest not found')
  const { data, error } = await supabase().from('guests').select('*').eq('id', id).single()
  if (error?.code === NO_ROWS) throw new NotFoundError('Guest not found')
  if (error) throw new Error('Guest could not be loaded', { cause: error })
  return data
}

/** Every booking of a guest, newest arrival first. */
export async function getGuestStays(guestId: number): Promise<GuestStay[]> {
  const { data, error } = await supabase()
    .from('bookings')
    .select('id, startDate, endDate, numNights, numGuests, status, totalPrice, isPaid, cabins(name)')
    .eq('guestId', guestId)
    .order('startDate', { ascending: false })
    .order('id', { ascending: false })
  if (error) throw new Error('Stays could not be loaded', { cause: error })
  return data.map((stay) => ({ ...stay, status: parseBookingStatus(stay.status) }))
}

export async function createGuest(guest: GuestInput): Promise<Guest> {
  const { data, error } = await supabase().from('guests').insert(guest).select().single()
  if (error) throw new Error('Guest could not be created', { cause: error })
  return data
}

/** Changes a guest; one that no longer exists is a failure. */
export async function updateGuest(id: number, guest: GuestInput): Promise<Guest> {
  const { data, error } = await supabase().from('guests').update(guest).eq('id', id).select()
  if (error) throw new Error('Guest could not be updated', { cause: error })
  if (data.length === 0)
    throw new Error('Guest could not be updated', { cause: new Error(`Guest #${id} no longer exists`) })
  return data[0]
}

/** Deletes a guest; the database refuses one with bookings, in its own words. */
export async function deleteGuest(id: number): Promise<void> {
  const { data, error } = await supabase().from('guests').delete().eq('id', id).select('id')
  if (error) throw new Error('Guest could not be deleted', { cause: error })
  if (data.length === 0)
    throw new Error('Guest could not be deleted', { cause: new Error(`Guest #${id} no longer exists`) })
}
