import { Button, Result, Skeleton } from 'antd'
import { lazy, Suspense, type ReactNode } from 'react'
import { Panel } from '../../ui/Panel'
import { Spinner } from '../../ui/Spinner'
import { salesRangeTitle } from './period'
import { Stats } from './Stats'
import { TodayActivity } from './TodayActivity'
import { useDashboard } from './useDashboard'
import styles from './DashboardPage.module.css'

// Both charts come from one lazily loaded chunk, fetched only once the dashboard shows.
const DurationChart = lazy(() =>
  import('./charts/DashboardCharts').then((m) => ({ default: m.DurationChart })),
)
const SalesChart = lazy(() => import('./charts/DashboardCharts').then((m) => ({ default: m.SalesChart })))

function ChartSuspense({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <div style={{ minHeight: height }}>{children}</div>
    </Suspense>
  )
}

export function DashboardContent({ days }: { days: number }) {
  const { dashboard, today, isLoading, error, refetch } = useDashboard(days)

  if (isLoading) return <Spinner />
  if (error || !dashboard)
    return (
      <Result
        status="warning"
        title={error?.message ?? 'The dashboard could not be loaded'}
        subTitle={(error?.cause as Error | undefined)?.message}
        extra={<Button onClick={() => refetch()}>Try again</Button>}
      />
    )

  const salesTitle = salesRangeTitle(today, days)
  return (
    <div className={styles.grid}>
      <Stats stats={dashboard.stats} />
      <TodayActivity activities={dashboard.today} className={styles.today} />
      <Panel title="Stay duration summary" className={styles.durations}>
        <ChartSuspense height={240}>
          <DurationChart durations={dashboard.stayDurations} />
        </ChartSuspense>
      </Panel>
      <Panel title={salesTitle} className={styles.sales}>
        <ChartSuspense height={300}>
          <SalesChart days={dashboard.salesByDay} />
        </ChartSuspense>
      </Panel>
    </div>
  )
}
