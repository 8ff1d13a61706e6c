import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { today as deskToday } from '@shared/clock'
import { dashboardQuery, todayActivityQuery } from './dashboardQuery'

// The route's loader has asked as the route opened (prefetchDashboard): asking again as the page
// mounts would be a second call for the same answer. Without an answer the page still asks.
const askedByTheLoader = { refetchOnMount: false } as const

/** The period's figures and charts; while another period loads, the last one's stay on screen. */
export function useDashboard(days: number) {
  const today = deskToday()
  const {
    data: dashboard,
    isPending,
    isPlaceholderData,
    isFetching,
    error,
    refetch,
  } = useQuery({ ...dashboardQuery(days, today), ...askedByTheLoader, placeholderData: keepPreviousData })
  return {
    dashboard,
    today,
    isLoading: isPending,
    isRefreshing: isPlaceholderData,
    isFetching,
    error,
    refetch,
  }
}

/** Today's arrivals and departures, whatever the period. */
export function useTodayActivity() {
  const today = deskToday()
  const {
    data: activities,
    isFetching,
    error,
    refetch,
  } = useQuery({
    ...todayActivityQuery(today),
    ...askedByTheLoader,
  })
  return { activities, today, isFetching, error, refetch }
}
