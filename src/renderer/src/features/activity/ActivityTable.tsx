import { Link } from 'react-router-dom'
import { formatTimestamp } from '@shared/domain/format'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { StepPagination } from '../../ui/Pagination'
import { QueryStates } from '../../ui/QueryStates'
import { TableSkeleton } from '../../ui/Skeletons'
import styles from './ActivityPage.module.css'
import { describeActivity, type StaffNames } from './describeActivity'
import { ACTIVITY_PAGE_SIZE } from './service'
import type { ActivityEntry } from './types'
import { useActivity, useStaffMembers } from './useActivity'

function columns(staffNames: StaffNames): DataTableColumn<ActivityEntry>[] {
  return [
    {
      title: 'When',
      key: 'when',
      fit: { share: 28, minWidth: 200 },
      render: (_, entry) => (
        <time className={styles.when} dateTime={entry.created_at}>
          {formatTimestamp(entry.created_at)}
        </time>
      ),
    },
    {
      title: 'What happened',
      key: 'what',
      fit: { share: 72, minWidth: 280 },
      render: (_, entry) => {
        const { sentence, link } = describeActivity(entry, staffNames)
        return link ? <Link to={link}>{sentence}</Link> : sentence
      },
    },
  ]
}

export function ActivityTable() {
  const { query, page, isFiltered, isRefreshing } = useActivity()
  const staff = useStaffMembers()
  const staffNames: StaffNames = new Map(staff.data?.map((member) => [member.userId, member.name]))
  const tableColumns = columns(staffNames)

  return (
    <QueryStates
      query={query}
      failedTitle="Activity could not be loaded"
      loading={<TableSkeleton columns={tableColumns} label="Activity" />}
      empty={
        isFiltered ? (
          <Empty message="No activity matches these filters." />
        ) : (
          <Empty resourceName="activity" />
        )
      }
      isEmpty={({ entries }) => entries.length === 0}
    >
      {({ entries, hasMore }) => (
        <DataTable<ActivityEntry>
          aria-label="Activity"
          columns={tableColumns}
          dataSource={entries}
          refreshing={isRefreshing}
          footer={
            page > 1 || hasMore
              ? () => (
                  <StepPagination hasNext={hasMore} pageSize={ACTIVITY_PAGE_SIZE} shown={entries.length} />
                )
              : undefined
          }
        />
      )}
    </QueryStates>
  )
}
