import dayjs from 'dayjs'
import { addDays, daysBetween } from '@shared/domain/format'

/**
 * The calendar's window of days and where a stay sits in it. Stay dates are calendar dates
 * (YYYY-MM-DD): every step here counts whole days between strings, so neither the desk's time zone
 * nor a daylight-saving day (a 23- or 25-hour day, a midnight that does not exist) moves a column.
 */

export interface WindowDay {
  date: string
  /** "Mon" */
  weekday: string
  /** "18" */
  dayOfMonth: string
  /** "Nov", shown on the first day of the window and of each month. */
  month: string
  isWeekend: boolean
  isToday: boolean
}

/** The window's days, from its first day on. */
export function windowDays(from: string, days: number, today: string): WindowDay[] {
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(from, index)
    // Parsed at the day's local midnight (or the first hour after it, where midnight is skipped),
    // which is always inside that calendar day.
    const day = dayjs(date)
    return {
      date,
      weekday: day.format('ddd'),
      dayOfMonth: day.format('D'),
      month: day.format('MMM'),
      isWeekend: day.day() === 0 || day.day() === 6,
      isToday: date === today,
    }
  })
}

/**
 * Where a bar lies, in half days from the window's left edge (0 … 2 × days): a stay begins in the
 * middle of its arrival day and ends in the middle of its departure day, so a departure and an
 * arrival on the same day sit side by side. A stay reaching past an edge is cut there, flat.
 */
export interface BarPlacement {
  startHalf: number
  endHalf: number
  /** The stay began before the window's first day. */
  isCutAtStart: boolean
  /** The stay ends after the window's last day. */
  isCutAtEnd: boolean
}

export function barPlacement(
  stay: { startDate: string; endDate: string },
  from: string,
  days: number,
): BarPlacement | null {
  const arrival = 2 * daysBetween(from, stay.startDate) + 1
  const departure = 2 * daysBetween(from, stay.endDate) + 1
  const startHalf = Math.max(arrival, 0)
  const endHalf = Math.min(departure, 2 * days)
  if (endHalf <= startHalf) return null
  return { startHalf, endHalf, isCutAtStart: arrival < 0, isCutAtEnd: departure > 2 * days }
}

/** What a bar has room for besides its guest's name. */
export interface BarFit {
  hasFlag: boolean
  hasNights: boolean
}

// As Calendar.module.css draws a bar: 0.8rem of padding either side, a 3px edge at the arrival (none
// when the stay began before the window); the nights need 12rem of the rest, the flag 4rem.
const BAR_PADDING_REM = 1.6
const BAR_EDGE_PX = 3
const NIGHTS_ROOM_REM = 12
const FLAG_ROOM_REM = 4

/**
 * Whether a bar shows its flag and its nights, from its width: `dayWidth` px a day (unknown until the
 * grid is laid out: then everything) and `remPx` px a rem. Decided here rather than by a container
 * query on each bar, which would make every bar a layout container of its own.
 */
export function barFit(placement: BarPlacement, dayWidth: number | undefined, remPx: number): BarFit {
  if (dayWidth === undefined) return { hasFlag: true, hasNights: true }
  const width = ((placement.endHalf - placement.startHalf) / 2) * dayWidth
  const room = width - BAR_PADDING_REM * remPx - (placement.isCutAtStart ? 0 : BAR_EDGE_PX)
  return { hasFlag: room > FLAG_ROOM_REM * remPx, hasNights: room > NIGHTS_ROOM_REM * remPx }
}

/** The date of a column (0-based) of the window. */
export function dateAtColumn(from: string, column: number): string {
  return addDays(from, column)
}

/** The column (0-based, not clamped) of a date. */
export function columnOfDate(from: string, date: string): number {
  return daysBetween(from, date)
}

/** The stay's nights that fall on a day: arrival up to the day before departure. */
export function isNightOf(stay: { startDate: string; endDate: string }, date: string): boolean {
  return stay.startDate <= date && date < stay.endDate
}

/** How many cabins are taken on each night of the window (a cabin counts once a night). */
export function nightsTaken(
  stays: readonly { cabinId: number; startDate: string; endDate: string }[],
  from: string,
  days: number,
): number[] {
  // Thousands of stays share a few dozen dates: each date is turned into its column once, not parsed
  // twice a stay (this runs as the grid is first drawn, before the code is warm).
  const columns = new Map<string, number>()
  const columnOf = (date: string) => {
    let column = columns.get(date)
    if (column === undefined) columns.set(date, (column = columnOfDate(from, date)))
    return column
  }
  const cabinsByNight = Array.from({ length: days }, () => new Set<number>())
  for (const stay of stays) {
    const first = Math.max(columnOf(stay.startDate), 0)
    const last = Math.min(columnOf(stay.endDate) - 1, days - 1)
    for (let column = first; column <= last; column++) cabinsByNight[column]!.add(stay.cabinId)
  }
  return cabinsByNight.map((cabins) => cabins.size)
}

/**
 * Whether a stay's nights are free in its cabin among `stays` (any cabin's); the stay being moved,
 * `exceptId`, leaves its own nights free.
 */
export function isStayFree(
  stays: readonly { id: number; cabinId: number; startDate: string; endDate: string }[],
  stay: { cabinId: number; startDate: string; endDate: string },
  exceptId?: number,
): boolean {
  return stays.every(
    (other) =>
      other.cabinId !== stay.cabinId ||
      other.id === exceptId ||
      other.endDate <= stay.startDate ||
      other.startDate >= stay.endDate,
  )
}
