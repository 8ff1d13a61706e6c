import {
  unpackCalendarWindow,
  type CalendarBooking,
  type CalendarWindowAnswer,
} from '@shared/domain/calendarWindow'
import { supabase } from '../../lib/supabase'

export type { CalendarBooking }

/** A cabin's row: its name and how many guests it fits. */
export interface CalendarCabin {
  id: number
  name: string
  maxCapacity: number
}

export const CALENDAR_FAILED = 'The calendar could not be loaded'

/**
 * Every stay touching the days `from … from + days − 1`, departure day included, in one request: its
 * compact answer (columns, see calendarWindow.ts) unpacked into the rows the calendar draws.
 */
export async function getCalendarWindow(from: string, days: number): Promise<CalendarBooking[]> {
  const { data, error } = await supabase().rpc('calendar_window', { p_from: from, p_days: days })
  if (error) throw new Error(CALENDAR_FAILED, { cause: error })
  return unpackCalendarWindow(data as unknown as CalendarWindowAnswer)
}

/** The rows of the calendar, by name. */
export async function getCalendarCabins(): Promise<CalendarCabin[]> {
  const { data, error } = await supabase().from('cabins').select('id, name, maxCapacity').order('name')
  if (error) throw new Error(CALENDAR_FAILED, { cause: error })
  return data
}
