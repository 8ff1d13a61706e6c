import { useQuery } from '@tanstack/react-query'
import { localTimeZone, today as deskToday } from '@shared/clock'
import { getDashboard } from './service'

/** Today is part of the key: after midnight the dashboard is a different question. */
export function useDashboard(days: number) {
  const today = deskToday()
  const {
    data: dashboard,
    isPending,
    error,
    refetch,
  } = useQuery({
    queryKey: ['dashboard', days, today],
    queryFn: () => getDashboard({ today, days, timeZone: localTimeZone() }),
  })
  return { dashboard, today, isLoading: isPending, error, refetch }
}
