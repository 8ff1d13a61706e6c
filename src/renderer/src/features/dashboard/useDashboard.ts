import { useQuery } from '@tanstack/react-query'
import { today as deskToday } from '@shared/clock'
import { dashboardQuery } from './dashboardQuery'

export function useDashboard(days: number) {
  const today = deskToday()
  const {
    data: dashboard,
    isPending,
    error,
    refetch,
  } = useQuery({
    ...dashboardQuery(days, today),
    // The route's loader has asked as the route opened (prefetchDashboard): asking again as the page
    // mounts would be a second call for the same answer. Without an answer the page still asks.
    refetchOnMount: false,
  })
  return { dashboard, today, isLoading: isPending, error, refetch }
}
