import { Panel } from '../../ui/Panel'
import type { TodayActivity as Activity } from './service'
import { TodayItem } from './TodayItem'
import styles from './TodayActivity.module.css'

export function TodayActivity({ activities, className }: { activities: Activity[]; className?: string }) {
  return (
    <Panel title="Today" className={className}>
      {activities.length > 0 ? (
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
