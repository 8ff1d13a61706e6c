import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { localTimeZone, today as deskToday } from '@shared/clock'
import { hasSession } from '../auth/service'
import { periodDays } from './periodParam'
import { getDashboard, getTodayActivity } from './service'

/** Today is part of the key: after midnight the dashboard is a different question. */
export function dashboardQuery(days: number, today = deskToday()) {
  return queryOptions({
    queryKey: ['dashboard', days, today],
    queryFn: () => getDashboard({ today, days, timeZone: localTimeZone() }),
  })
}

/** Today's arrivals and departures: a key of their own, so a change of period leaves them be. */
export function todayActivityQuery(today = deskToday()) {
  return queryOptions({
    queryKey: ['today-activity', today],
    queryFn: () => getTodayActivity(today),
  })
}

/**
 * The dashboard route's loader: asks for the dashboard of the URL's period and today's activity as
 * the route opens, beside the page's chunk and the session check instead of after both. It asks on
 * every navigation here (Today only when it is not on screen already), which is why the page does not
 * ask again as it mounts. Nobody signed in has nothing to ask for. What it gets shows only past the
 * session check (ProtectedRoute), and a sign-in starts from an empty cache (useLogin), so an answer
 * got with a session the server has ended is never shown.
 */
export function prefetchDashboard(queryClient: QueryClient, url: URL): void {
  const today = todayActivityQuery()
  // A change of period runs this loader again; today's list, on screen already, is left be. Decided
  // now, as the navigation starts: once the session check answers, a page coming back from another
  // screen may have mounted and be showing the list it had before, which still needs asking again.
  const isShown =
    (queryClient.getQueryCache().find({ queryKey: today.queryKey })?.getObserversCount() ?? 0) > 0
  void hasSession().then((stored) => {
    if (!stored) return
    return Promise.all([
      queryClient.prefetchQuery(dashboardQuery(periodDays(url.searchParams))),
      isShown || queryClient.prefetchQuery(today),
    ])
  })
}
