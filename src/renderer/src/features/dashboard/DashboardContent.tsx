import { Skeleton } from 'antd'
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react'
import { Panel } from '../../ui/Panel'
import { PartFailed } from './PartFailed'
import { salesRangeTitle } from './period'
import { Stats } from './Stats'
import { TodayActivity } from './TodayActivity'
import { useDashboard, useTodayActivity } from './useDashboard'
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

interface PeriodPartProps {
  /** Nothing to show yet: skeletons. */
  isLoading: boolean
  /** Another period is on its way: the last one's stays, dimmed. */
  isRefreshing: boolean
  className: string
  children: ReactNode
}

/** A part of the page that shows the period: busy, for assistive technology, while it loads. */
function PeriodPart({ isLoading, isRefreshing, className, children }: PeriodPartProps) {
  return (
    <div
      className={[className, isRefreshing && styles.refreshing].filter(Boolean).join(' ')}
      aria-busy={isLoading || isRefreshing}
    >
      {children}
    </div>
  )
}

export function DashboardContent({ days }: { days: number }) {
  const { dashboard, today, error, isLoading, isRefreshing, isFetching, refetch } = useDashboard(days)
  const todayActivity = useTodayActivity()
  // The four figures are what the desk reads first, so they go on screen on their own; today's list
  // and the charts, most of the first render's work, follow in a background render. Until then they
  // show the previous answer: none when the dashboard opens, the last period's after a change.
  const details = useDeferredValue(dashboard, undefined)
  const activities = useDeferredValue(todayActivity.activities, undefined)
  // Today's list and the period's figures are asked for apart: one failing leaves the other on screen.
  const periodFailed = error && !dashboard
  const retryPeriod = () => void refetch()
  const periodState = { isLoading, isRefreshing }

  return (
    <div className={styles.grid}>
      <PeriodPart {...periodState} className={styles.stats}>
        {periodFailed ? (
          <PartFailed
            title="The figures could not be loaded"
            error={error}
            onRetry={retryPeriod}
            isRetrying={isFetching}
            className={styles.statsFailed}
          />
        ) : (
          <Stats stats={dashboard?.stats} />
        )}
      </PeriodPart>
      <TodayActivity
        activities={activities}
        today={today}
        error={todayActivity.error}
        onRetry={() => void todayActivity.refetch()}
        isRetrying={todayActivity.isFetching}
        className={styles.today}
      />
      <PeriodPart {...periodState} className={styles.durations}>
        <Panel title="Stay duration summary">
          {periodFailed ? (
            <PartFailed
              title="The stay durations could not be loaded"
              error={error}
              onRetry={retryPeriod}
              isRetrying={isFetching}
            />
          ) : (
            <ChartSlot height={240}>
              {details && <DurationChart durations={details.stayDurations} />}
            </ChartSlot>
          )}
        </Panel>
      </PeriodPart>
      <PeriodPart {...periodState} className={styles.sales}>
        <Panel title={salesRangeTitle(today, days)}>
          {periodFailed ? (
            <PartFailed
              title="The sales could not be loaded"
              error={error}
              onRetry={retryPeriod}
              isRetrying={isFetching}
            />
          ) : (
            <ChartSlot height={300}>{details && <SalesChart days={details.salesByDay} />}</ChartSlot>
          )}
        </Panel>
      </PeriodPart>
    </div>
  )
}
