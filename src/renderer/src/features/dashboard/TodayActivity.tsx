import { Skeleton } from 'antd'
import { Panel } from '../../ui/Panel'
import type { TodayActivity as Activity } from './service'
import { TodayItem } from './TodayItem'
import styles from './TodayActivity.module.css'

/** Today's arrivals and departures; `activities` undefined while they are still on their way. */
export function TodayActivity({ activities, className }: { activities?: Activity[]; className?: string }) {
  return (
    <Panel title="Today" className={className}>
      {!activities ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : activities.length > 0 ? (
        <ul className={styles.list}>
          {activities.map((activity) => (
            <TodayItem key={activity.id} activity={activity} />
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No activity today</p>
      )}
    </Panel>
  )
}
