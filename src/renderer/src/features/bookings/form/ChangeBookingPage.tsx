import { Alert } from 'antd'
import { BOOKING_STATUS_LABELS } from '@shared/domain/bookings'
import { ChangedElsewhere } from '../../../ui/ChangedElsewhere'
import { Empty } from '../../../ui/Empty'
import { PageHeading } from '../../../ui/PageHeading'
import { QueryStates, shownData } from '../../../ui/QueryStates'
import { FormSkeleton } from '../../../ui/Skeletons'
import { useEditedRecord } from '../../../ui/useEditedRecord'
import { useMoveBack } from '../../../ui/useMoveBack'
import type { Settings } from '../../settings/service'
import { useSettings } from '../../settings/useSettings'
import { BackLink } from '../BackLink'
import type { Booking } from '../types'
import { useBooking } from '../useBooking'
import { BookingForm } from './BookingForm'

/** /bookings/:bookingId/edit: an unconfirmed booking changes everything, a checked-in one its departure. */
export default function ChangeBookingPage() {
  const bookingQuery = useBooking()
  const settingsQuery = useSettings()
  const booking = shownData(bookingQuery)
  const moveBack = useMoveBack(booking ? `/bookings/${booking.id}` : '/bookings')

  return (
    <>
      <PageHeading title={booking ? `Change booking #${booking.id}` : 'Change booking'}>
        <BackLink onClick={moveBack} />
      </PageHeading>
      <QueryStates
        query={{
          data: settingsQuery.data && booking ? { booking, settings: settingsQuery.data } : undefined,
          error: bookingQuery.error ?? settingsQuery.error,
          isFetching: bookingQuery.isFetching || settingsQuery.isFetching,
          refetch: () => Promise.all([bookingQuery.refetch(), settingsQuery.refetch()]),
        }}
        failedTitle={bookingQuery.error ? 'Booking could not be loaded' : 'Settings could not be loaded'}
        loading={<FormSkeleton label="Booking" fields={6} />}
        notFound={<Empty resourceName="booking" />}
      >
        {({ booking, settings }) => (
          // Keyed by booking, so the form starts afresh for each one.
          <EditBooking key={booking.id} live={booking} settings={settings} onCancel={moveBack} />
        )}
      </QueryStates>
    </>
  )
}

interface EditBookingProps {
  /** The booking as the database has it now (refetched when another desk changes it). */
  live: Booking
  settings: Settings
  onCancel: () => void
}

/** The form, or why there is none, for the booking as the form found it: a change elsewhere is said, not applied. */
function EditBooking({ live, settings, onCancel }: EditBookingProps) {
  const { record: booking, isChangedElsewhere, reload, formKey } = useEditedRecord(live)
  return (
    <>
      {isChangedElsewhere && <ChangedElsewhere resource="booking" onReload={reload} />}
      {booking.status === 'unconfirmed' || booking.status === 'checked-in' ? (
        <BookingForm
          key={formKey}
          mode={{ kind: 'change', booking }}
          settings={settings}
          onCancel={onCancel}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={`This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}: it keeps its stay and prices.`}
        />
      )}
    </>
  )
}
