import { pageRowRange } from '@shared/domain/bookings'
import { supabase } from '../../lib/supabase'
import type { ActivityEntry, FieldChange, RecordKind } from './types'

export const ACTIVITY_PAGE_SIZE = 20

export interface ActivityQuery {
  /** A staff member's user id, or '' for everyone. */
  person: string
  /** A kind of record, or '' for every kind. */
  kind: RecordKind | ''
  /** First and last day shown (YYYY-MM-DD, the desk's local days), or '' for no bound. */
  from: string
  to: string
  page: number
}

export interface ActivityPage {
  entries: ActivityEntry[]
  /** Whether older entries follow this page. */
  hasMore: boolean
}

/** The start of a local calendar day as an instant, the bound PostgreSQL compares created_at with. */
const dayStart = (date: string) => new Date(`${date}T00:00:00`).toISOString()

const nextDay = (date: string) => {
  const day = new Date(`${date}T00:00:00`)
  day.setDate(day.getDate() + 1)
  return day.toISOString()
}

const asEntry = <Row extends { changes: unknown }>(row: Row) => ({
  ...row,
  changes: (row.changes ?? {}) as Record<string, FieldChange>,
})

/**
 * One page of the log, newest first. No total is counted: counting a million entries costs more than
 * the page itself, so a page asks one entry more than it shows to know whether older ones follow.
 */
export async function getActivity({ person, kind, from, to, page }: ActivityQuery): Promise<ActivityPage> {
  const { from: first } = pageRowRange(page, ACTIVITY_PAGE_SIZE)
  let query = supabase().from('activity_log').select('*')
  if (person) query = query.eq('user_id', person)
  if (kind) query = query.eq('table_name', kind)
  if (from) query = query.gte('created_at', dayStart(from))
  if (to) query = query.lt('created_at', nextDay(to))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(first, first + ACTIVITY_PAGE_SIZE)
  if (error) throw new Error('Activity could not be loaded', { cause: error })
  return {
    entries: data.slice(0, ACTIVITY_PAGE_SIZE).map(asEntry),
    hasMore: data.length > ACTIVITY_PAGE_SIZE,
  }
}

export interface StaffMember {
  userId: string
  name: string
}

/** Everyone on the staff, by name (an admin's read: list_staff). */
export async function getStaffMembers(): Promise<StaffMember[]> {
  const { data, error } = await supabase().rpc('list_staff')
  if (error) throw new Error('Staff could not be loaded', { cause: error })
  return data.map((member) => ({ userId: member.user_id, name: member.fullName || member.email }))
}

/** One booking's history, newest first; any staff member may read it. */
export async function getBookingHistory(bookingId: number): Promise<ActivityEntry[]> {
  const { data, error } = await supabase().rpc('booking_history', { p_booking_id: bookingId })
  if (error) throw new Error('History could not be loaded', { cause: error })
  return data.map(asEntry)
}
