import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { replace, type ShouldRevalidateFunction } from 'react-router-dom'
import { today } from '@shared/clock'
import { hasSession } from '../auth/service'
import { parseWindowParams, searchWithWindow } from './windowParams'
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
 * The URL the loader last corrected a window to, and the page's address then: the router follows the
 * correction before that address changes, and that run is for the window already asked. Any other
 * run of the loader (the correction left unfollowed) forgets it.
 */
let correction: { to: string; at: string } | null = null

/**
 * The calendar route's loader: asks for the cabins and the URL's window as the route opens, beside
 * the page's chunk and the session check instead of after both (the first draw waits for them). It
 * asks on every navigation here, which is why the page does not ask again as it mounts. Nobody signed
 * in has nothing to ask for; what it gets shows only past the session check (ProtectedRoute).
 *
 * A URL naming no window (the sidebar's `/calendar`) or an invalid one is corrected here, in place
 * (a replace: Back does not return to it), before the page is drawn. Corrected by the page once shown,
 * that navigation drew the layout and the page again right after the grid, in the desk's first scroll
 * frames. The router follows the correction only once the page's chunk is in, so the window is asked
 * for now, and the corrected URL's loader does not ask again.
 */
export function loadCalendar(queryClient: QueryClient, url: URL): Response | null {
  const { from, days, isCorrected } = parseWindowParams(url.searchParams, today())
  const target = `${url.pathname}?${searchWithWindow(url.searchParams, { from, days })}`
  const isAsked = correction?.to === `${url.pathname}${url.search}` && correction.at === window.location.href
  correction = isCorrected ? { to: target, at: window.location.href } : null
  if (!isAsked) prefetchCalendar(queryClient, from, days)
  return isCorrected ? replace(target) : null
}

function prefetchCalendar(queryClient: QueryClient, from: string, days: number): void {
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
 * sidebar's `/calendar`) or an invalid one corrected to the window shown (by the loader, or by the
 * page itself, useWindowParams) is the same window, already asked for. Run again, the loader asked for the cabins
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
