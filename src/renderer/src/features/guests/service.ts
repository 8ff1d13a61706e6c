import { parseBookingStatus, pageRowRange } from '@shared/domain/bookings'
import type { GuestInput } from '@shared/domain/guests'
import { pagesFrom, type ExportPaging } from '../../lib/exportCsv'
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
    countGuests(search),
  ])
  if (guests.error) throw new Error('Guests could not be loaded', { cause: guests.error })
  return { guests: guests.data ?? [], count }
}

export async function countGuests(search: string): Promise<number> {
  const { data, error } = await supabase().rpc('count_guests', { p_search: search })
  if (error) throw new Error('Guests could not be loaded', { cause: error })
  return Number(data)
}

/** The most guests guest_directory returns in one call. */
const DIRECTORY_MAX_PAGE = 100

/** Where the next export page starts: the row after `offset`, which held the guest `lastId`. */
interface AfterGuest {
  offset: number
  lastId: number | null
}

/**
 * Every guest the directory shows for a search and sort, for an export. guest_directory pages by
 * offset only, so each page starts one row early: that row must be the previous page's last guest,
 * or guests were added or removed before it meanwhile and the pages would skip or repeat someone;
 * the export then stops and says so rather than writing a wrong file.
 */
export function guestsForExport(
  search: string,
  sortBy: GuestSortBy,
  { pageSize = DIRECTORY_MAX_PAGE, signal }: ExportPaging = {},
) {
  return pagesFrom<GuestDirectoryRow, AfterGuest>(
    { offset: 0, lastId: null },
    async ({ offset, lastId }, signal) => {
      const overlap = lastId === null ? 0 : 1
      const { data, error } = await supabase()
        .rpc('guest_directory', {
          p_search: search,
          p_sort: sortBy,
          p_offset: offset - overlap,
          p_limit: pageSize,
        })
        .abortSignal(signal)
      if (error) throw new Error('Guests could not be exported', { cause: error })
      if (lastId !== null && data[0]?.id !== lastId)
        throw new Error('Guests could not be exported', {
          cause: new Error('Guests were added or deleted during the export. Export again.'),
        })
      const rows = data.slice(overlap)
      const last = rows.at(-1)
      const next = data.length < pageSize || !last ? null : { offset: offset + rows.length, lastId: last.id }
      return { rows, next }
    },
    signal,
  )
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
