import { PlusOutlined } from '@ant-design/icons'
import {
  BOOKING_SORT_OPTIONS,
  BOOKING_STATUS_FILTERS,
  DEFAULT_BOOKING_SORT,
  DEFAULT_BOOKING_STATUS_FILTER,
} from '@shared/domain/bookings'
import { ExportCsvButton } from '../../ui/ExportCsvButton'
import { Filter } from '../../ui/Filter'
import { LinkButton } from '../../ui/LinkButton'
import { PageHeading } from '../../ui/PageHeading'
import { SortBy } from '../../ui/SortBy'
import { useBookingsCsv } from './bookingsCsv'
import { BookingTable } from './BookingTable'

export default function BookingsPage() {
  const prepareExport = useBookingsCsv()
  return (
    <>
      <PageHeading
        title="All bookings"
        actions={
          <>
            <ExportCsvButton prepare={prepareExport} />
            <LinkButton type="primary" icon={<PlusOutlined />} to="/bookings/new">
              New booking
            </LinkButton>
          </>
        }
      >
        <Filter
          param="status"
          label="Filter bookings by status"
          options={BOOKING_STATUS_FILTERS}
          defaultValue={DEFAULT_BOOKING_STATUS_FILTER}
        />
        <SortBy options={BOOKING_SORT_OPTIONS} defaultValue={DEFAULT_BOOKING_SORT} />
      </PageHeading>
      <BookingTable />
    </>
  )
}
