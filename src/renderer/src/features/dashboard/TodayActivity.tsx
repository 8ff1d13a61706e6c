import { PrinterOutlined } from '@ant-design/icons'
import { Skeleton } from 'antd'
import { useState } from 'react'
import { nightsLabel } from '@shared/domain/bookings'
import { formatStayDate } from '@shared/domain/format'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { LinkButton } from '../../ui/LinkButton'
import { LoadFailed } from '../../ui/LoadFailed'
import { Panel } from '../../ui/Panel'
import { useCheckout } from '../check-in-out/useCheckout'
import type { TodayActivity as Activity } from './service'
import { TodayItem } from './TodayItem'
import { todayProgress } from './todayProgress'
import styles from './TodayActivity.module.css'

interface TodayActivityProps {
  /** Undefined while they are still on their way. */
  activities?: Activity[]
  today: string
  error?: Error | null
  onRetry?: () => void
  isRetrying?: boolean
  className?: string
}

/** Rows shaped like the list's, while it loads. */
function TodaySkeleton() {
  return (
    <ul className={styles.list} aria-hidden>
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className={styles.item}>
          <Skeleton.Button active size="small" shape="round" block />
          <Skeleton.Avatar active size="small" shape="square" />
          <Skeleton.Input active size="small" block />
          <Skeleton.Input active size="small" />
          <Skeleton.Button active size="small" block />
        </li>
      ))}
    </ul>
  )
}

/** Today's arrivals and departures, those already done included, with how far the day has come. */
export function TodayActivity({
  activities,
  today,
  error,
  onRetry,
  isRetrying,
  className,
}: TodayActivityProps) {
  const { checkout, isCheckingOut } = useCheckout()
  // The guest asked about stays named while the dialog closes, so its text does not blank mid-fade.
  // Until then there is no dialog: a closed one still costs a render and its styles, generated at
  // run time, on the way to the dashboard's figures.
  const [leaving, setLeaving] = useState<Activity | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)

  const extra = (
    <div className={styles.extra}>
      <span className={styles.date}>{formatStayDate(today)}</span>
      {/* The day on paper: arrivals, departures and who is in house tonight. */}
      <LinkButton size="small" icon={<PrinterOutlined />} to="/print/today">
        Print
      </LinkButton>
    </div>
  )
  let content
  if (error && !activities)
    content = (
      <LoadFailed
        compact
        title="Today's arrivals and departures could not be loaded"
        error={error}
        onRetry={() => onRetry?.()}
        isRetrying={isRetrying}
      />
    )
  else if (!activities)
    content = (
      <div role="status" aria-label="Loading today's arrivals and departures">
        <TodaySkeleton />
      </div>
    )
  else if (activities.length === 0) content = <p className={styles.empty}>No activity today</p>
  else
    content = (
      <>
        <p className={styles.progress}>{todayProgress(activities)}</p>
        <ul className={styles.list}>
          {activities.map((activity) => (
            <TodayItem
              key={activity.id}
              activity={activity}
              onCheckOut={(activity) => {
                setLeaving(activity)
                setIsConfirming(true)
              }}
            />
          ))}
        </ul>
      </>
    )

  return (
    <Panel title="Today" extra={extra} className={className}>
      {content}
      {leaving && (
        <ConfirmDialog
          open={isConfirming}
          title={`Check out ${leaving.guests.fullName}?`}
          confirmLabel="Check out"
          isPending={isCheckingOut}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() => checkout(leaving.id, { onSettled: () => setIsConfirming(false) })}
        >
          <p>
            {leaving.guests.fullName} leaves cabin {leaving.cabinName} after {nightsLabel(leaving.numNights)}.
            A checked-out stay cannot be checked in again.
          </p>
        </ConfirmDialog>
      )}
    </Panel>
  )
}
