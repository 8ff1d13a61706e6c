import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setClock } from '@shared/clock'
import { DashboardContent } from './DashboardContent'
import { dashboardQuery, todayActivityQuery } from './dashboardQuery'
import type { Dashboard, TodayActivity } from './service'

/** What today's list was given, render by render. */
const listRenders: (TodayActivity[] | undefined)[] = []
vi.mock('./TodayActivity', () => ({
  TodayActivity: ({ activities }: { activities?: TodayActivity[] }) => {
    listRenders.push(activities)
    return null
  },
}))
vi.mock('./charts/DashboardCharts', () => ({ DurationChart: () => null, SalesChart: () => null }))

const TODAY = '2026-11-18'
const dashboard: Dashboard = {
  stats: { bookings: 12, sales: 0, checkIns: 0, occupancyRate: 0, cabinCount: 8 },
  salesByDay: [],
  stayDurations: [],
}

beforeEach(() => {
  listRenders.length = 0
  setClock({ now: () => new Date(`${TODAY}T10:00:00`) })
})

describe('the dashboard opening with its answers in the cache (the route asked for them)', () => {
  it('draws the four figures first, and today’s list in a later render', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(dashboardQuery(7, TODAY).queryKey, dashboard)
    queryClient.setQueryData(todayActivityQuery(TODAY).queryKey, [])
    render(
      <QueryClientProvider client={queryClient}>
        <DashboardContent days={7} />
      </QueryClientProvider>,
    )

    expect(within(screen.getByRole('region', { name: 'Bookings' })).getByRole('paragraph')).toHaveTextContent(
      '12',
    )
    // The first render leaves the list for the background render that follows it.
    expect(listRenders[0]).toBeUndefined()
    expect(listRenders.at(-1)).toEqual([])
  })
})
