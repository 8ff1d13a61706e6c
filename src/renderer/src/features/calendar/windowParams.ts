import { addDays, isCalendarDate } from '@shared/domain/format'

/**
 * The calendar's window as its URL holds it (`?from=YYYY-MM-DD&days=14|31`). Apart from the rest of
 * the window's logic (calendarWindow.ts, which needs dayjs): the route's loader reads it, and the
 * loader is in the entry's chunk, so the first screen's requests leave before the app is evaluated.
 */

/** The spans the switch offers. */
export const CALENDAR_SPANS = [14, 31] as const
export type CalendarSpan = (typeof CALENDAR_SPANS)[number]
export const DEFAULT_SPAN: CalendarSpan = 14
/** The default window opens two days before today, so the last departures are in sight. */
export const DAYS_BEFORE_TODAY = 2

/** The window's first day and span as the URL holds them (`?from=YYYY-MM-DD&days=14`). */
export interface CalendarWindowParams {
  from: string
  days: CalendarSpan
}

export function defaultWindow(today: string): CalendarWindowParams {
  return { from: addDays(today, -DAYS_BEFORE_TODAY), days: DEFAULT_SPAN }
}

/** A day a window may start on: one that exists (not "2026-02-30"), from 1900 on. */
function isWindowStart(value: string | null): value is string {
  return isCalendarDate(value) && value >= '1900-01-01'
}

/** `searchParams` with the window in them (`from` and `days`), everything else kept. */
export function searchWithWindow(
  searchParams: URLSearchParams,
  { from, days }: CalendarWindowParams,
): URLSearchParams {
  const params = new URLSearchParams(searchParams)
  params.set('from', from)
  params.set('days', String(days))
  return params
}

/**
 * The window a URL asks for; a missing or invalid value reads as its default. `isCorrected` says the
 * URL should be rewritten to what is shown.
 */
export function parseWindowParams(
  searchParams: URLSearchParams,
  today: string,
): CalendarWindowParams & { isCorrected: boolean } {
  const fallback = defaultWindow(today)
  const fromParam = searchParams.get('from')
  const daysParam = searchParams.get('days')
  const from = isWindowStart(fromParam) ? fromParam : fallback.from
  const days = CALENDAR_SPANS.find((span) => String(span) === daysParam) ?? fallback.days
  return { from, days, isCorrected: from !== fromParam || String(days) !== daysParam }
}

/** The window after moving by whole spans (−1: previous, +1: next). */
export function shiftWindow({ from, days }: CalendarWindowParams, spans: number): CalendarWindowParams {
  return { from: addDays(from, spans * days), days }
}
