import { Skeleton } from 'antd'
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react'
import { LoadFailed } from '../../ui/LoadFailed'
import { Panel } from '../../ui/Panel'
import { PartBoundary } from '../../ui/PartBoundary'
import { salesRangeTitle } from './period'
import { Stats } from './Stats'
import { TodayActivity } from './TodayActivity'
import { useDashboard, useTodayActivity } from './useDashboard'
import styles from './DashboardPage.module.css'

/**
 * Both charts come from one lazily loaded chunk, fetched only once the dashboard shows. A lazy
 * component keeps a failed load for good, so trying again takes a new pair.
 */
function lazyCharts() {
  const charts = () => import('./charts/DashboardCharts')
  return {
    DurationChart: lazy(() => charts().then((m) => ({ default: m.DurationChart }))),
    SalesChart: lazy(() => charts().then((m) => ({ default: m.SalesChart }))),
  }
}

// Module-wide, so a dashboard opened again draws the loaded charts at once.
let charts = lazyCharts()

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

/** How the period's answer stands, shared by the parts that show it. */
interface PeriodState {
  /** Nothing to show yet: skeletons. */
  isLoading: boolean
  /** Another period is on its way: the last one's stays, dimmed. */
  isRefreshing: boolean
  /** The answer could not be had: each part says so in its place. */
  failure: Error | null
  isRetrying: boolean
  retry: () => void
}

interface PeriodPartProps {
  period: PeriodState
  /** What the part says when the period could not be loaded. */
  failedTitle: string
  className?: string
  children: ReactNode
}

/** A part of the page that shows the period: busy, for assistive technology, while it loads. */
function PeriodPart({ period, failedTitle, className, children }: PeriodPartProps) {
  const { isLoading, isRefreshing, failure, isRetrying, retry } = period
  return (
    <div
      className={[className, isRefreshing && styles.refreshing].filter(Boolean).join(' ')}
      aria-busy={isLoading || isRefreshing}
    >
      {failure ? (
        <LoadFailed
          compact
          title={failedTitle}
          error={failure}
          onRetry={retry}
          isRetrying={isRetrying}
          className={styles.failed}
        />
      ) : (
        children
      )}
    </div>
  )
}

export function DashboardContent({ days }: { days: number }) {
  const { dashboard, today, error, isLoading, isRefreshing, isFetching, refetch } = useDashboard(days)
  const todayActivity = useTodayActivity()
  const [, setChartLoads] = useState(0)
  const reloadCharts = () => {
    charts = lazyCharts()
    setChartLoads((loads) => loads + 1)
  }
  const { DurationChart, SalesChart } = charts
  // The four figures are what the desk reads first, so they go on screen on their own; today's list
  // and the charts, most of the first render's work, follow in a background render. Until then they
  // show the previous answer: none when the dashboard opens, the last period's after a change. The
  // initial value is null, not undefined: React defers a mount only from a defined one, and the page
  // usually mounts with its answers in the cache already (the route's loader asked for them).
  const details = useDeferredValue(dashboard, null)
  const activities = useDeferredValue(todayActivity.activities, null) ?? undefined
  // Today's list and the period's figures are asked for apart: one failing leaves the other on screen.
  const period: PeriodState = {
    isLoading,
    isRefreshing,
    failure: dashboard ? null : error,
    isRetrying: isFetching,
    retry: () => void refetch(),
  }

  return (
    <div className={styles.grid}>
      <PeriodPart period={period} failedTitle="The figures could not be loaded" className={styles.stats}>
        <Stats stats={dashboard?.stats} />
      </PeriodPart>
      <TodayActivity
        activities={activities}
        today={today}
        error={todayActivity.error}
        onRetry={() => void todayActivity.refetch()}
        isRetrying={todayActivity.isFetching}
        className={styles.today}
      />
      <Panel title="Stay duration summary" className={styles.durations}>
        <PeriodPart period={period} failedTitle="The stay durations could not be loaded">
          <PartBoundary failedTitle="The stay duration chart could not be drawn" onRetry={reloadCharts}>
            <ChartSlot height={240}>
              {details && <DurationChart durations={details.stayDurations} />}
            </ChartSlot>
          </PartBoundary>
        </PeriodPart>
      </Panel>
      <Panel title={salesRangeTitle(today, days)} className={styles.sales}>
        <PeriodPart period={period} failedTitle="The sales could not be loaded">
          <PartBoundary failedTitle="The sales chart could not be drawn" onRetry={reloadCharts}>
            <ChartSlot height={300}>{details && <SalesChart days={details.salesByDay} />}</ChartSlot>
          </PartBoundary>
        </PeriodPart>
      </Panel>
    </div>
  )
}
