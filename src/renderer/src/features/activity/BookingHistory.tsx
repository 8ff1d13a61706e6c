import { useQuery } from '@tanstack/react-query'
import { Timeline } from 'antd'
import { formatTimestamp } from '@shared/domain/format'
import { Empty } from '../../ui/Empty'
import { Panel } from '../../ui/Panel'
import { QueryStates } from '../../ui/QueryStates'
import { DetailSkeleton } from '../../ui/Skeletons'
import styles from './BookingHistory.module.css'
import { describeActivity } from './describeActivity'
import { activityKeys } from './queryKeys'
import { getBookingHistory } from './service'

/** A booking's own history, newest first, as a compact timeline; every staff member sees it. */
export function BookingHistory({ bookingId }: { bookingId: number }) {
  const query = useQuery({
    queryKey: activityKeys.booking(bookingId),
    queryFn: () => getBookingHistory(bookingId),
  })
  return (
    <Panel title="History">
      <QueryStates
        query={query}
        failedTitle="History could not be loaded"
        loading={<DetailSkeleton label="History" lines={3} />}
        empty={<Empty message="Nothing has been recorded for this booking yet." />}
        isEmpty={(entries) => entries.length === 0}
      >
        {(entries) => (
          <Timeline
            className={styles.timeline}
            items={entries.map((entry) => ({
              key: entry.id,
              content: (
                <>
                  <p className={styles.sentence}>{describeActivity(entry).sentence}</p>
                  <time className={styles.when} dateTime={entry.created_at}>
                    {formatTimestamp(entry.created_at)}
                  </time>
                </>
              ),
            }))}
          />
        )}
      </QueryStates>
    </Panel>
  )
}
