import { Button, Result, Skeleton } from 'antd'
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react'
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

/** A chart's place: a skeleton of its height until the chart (data and chunk) is there. */
function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  // The skeleton's outer box is inline and as wide as its content: it must span the panel too.
  const placeholder = (
    <Skeleton.Node active styles={{ root: { width: '100%' }, content: { width: '100%', height } }} />
  )
  if (!children) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <div style={{ minHeight: height }}>{children}</div>
    </Suspense>
  )
}

export function DashboardContent({ days }: { days: number }) {
  const { dashboard, today, isLoading, error, refetch } = useDashboard(days)
  // The four figures are what the desk reads first, so they go on screen on their own; today's list
  // and the charts, most of the first render's work, follow in a background render. Until then they
  // show the previous answer: none (null) when the dashboard opens, the last period's after a change.
  const details = useDeferredValue(dashboard, null)

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
      <TodayActivity activities={details?.today} className={styles.today} />
      <Panel title="Stay duration summary" className={styles.durations}>
        <ChartSlot height={240}>{details && <DurationChart durations={details.stayDurations} />}</ChartSlot>
      </Panel>
      <Panel title={salesTitle} className={styles.sales}>
        <ChartSlot height={300}>{details && <SalesChart days={details.salesByDay} />}</ChartSlot>
      </Panel>
    </div>
  )
}
