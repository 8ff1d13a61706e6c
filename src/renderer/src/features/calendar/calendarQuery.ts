import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ShouldRevalidateFunction } from 'react-router-dom'
import { today } from '@shared/clock'
import { hasSession } from '../auth/service'
import { parseWindowParams } from './calendarWindow'
import { calendarKeys } from './queryKeys'
import { getCalendarCabins, getCalendarWindow } from './service'

export function calendarCabinsQuery() {
  return queryOptions({ queryKey: calendarKeys.cabins, queryFn: getCalendarCabins })
}

export function calendarWindowQuery(from: string, days: number) {
  return queryOptions({
    queryKey: calendarKeys.window(from, days),
    queryFn: () => getCalendarWindow(from, days),
  })
}

/**
 * The calendar route's loader: asks for the cabins and the URL's window as the route opens, beside
 * the page's chunk and the session check instead of after both (the first draw waits for them). It
 * asks on every navigation here, which is why the page does not ask again as it mounts. Nobody signed
 * in has nothing to ask for; what it gets shows only past the session check (ProtectedRoute).
 */
export function prefetchCalendar(queryClient: QueryClient, url: URL): void {
  const { from, days } = parseWindowParams(url.searchParams, today())
  void hasSession().then((stored) => {
    if (!stored) return
    return Promise.all([
      queryClient.prefetchQuery(calendarCabinsQuery()),
      queryClient.prefetchQuery(calendarWindowQuery(from, days)),
    ])
  })
}

/**
 * The calendar route's loader runs again only for another window. A URL naming no window (the
 * sidebar's `/calendar`) or an invalid one is corrected by the page once it shows the default
 * (useWindowParams): the same window, already asked for. Run again, the loader asked for the cabins
 * and the window a second time, and when the first answer had already come that answer landed while
 * the desk was scrolling the grid, drawing every row again.
 */
export const shouldCalendarRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (!defaultShouldRevalidate) return false
  const day = today()
  const shown = parseWindowParams(currentUrl.searchParams, day)
  const next = parseWindowParams(nextUrl.searchParams, day)
  return shown.from !== next.from || shown.days !== next.days
}
