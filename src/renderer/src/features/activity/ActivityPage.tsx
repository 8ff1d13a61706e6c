import { PageHeading } from '../../ui/PageHeading'
import { ActivityFilters } from './ActivityFilters'
import { ActivityTable } from './ActivityTable'

/** Who did what, newest first (admins). */
export default function ActivityPage() {
  return (
    <>
      <PageHeading title="Activity">
        <ActivityFilters />
      </PageHeading>
      <ActivityTable />
    </>
  )
}
