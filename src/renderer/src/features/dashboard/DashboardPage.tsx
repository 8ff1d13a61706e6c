import { PageHeading } from '../../ui/PageHeading'
import { DashboardContent } from './DashboardContent'
import { PeriodFilter } from './PeriodFilter'
import { useDashboardPeriod } from './useDashboardPeriod'

export default function DashboardPage() {
  const { days } = useDashboardPeriod()
  return (
    <>
      <PageHeading title="Dashboard">
        <PeriodFilter />
      </PageHeading>
      <DashboardContent days={days} />
    </>
  )
}
