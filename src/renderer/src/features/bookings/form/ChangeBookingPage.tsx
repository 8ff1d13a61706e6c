import { Alert } from 'antd'
import { BOOKING_STATUS_LABELS } from '@shared/domain/bookings'
import { Empty } from '../../../ui/Empty'
import { PageHeading } from '../../../ui/PageHeading'
import { QueryStates } from '../../../ui/QueryStates'
import { FormSkeleton } from '../../../ui/Skeletons'
import { useMoveBack } from '../../../ui/useMoveBack'
import { useSettings } from '../../settings/useSettings'
import { BackLink } from '../BackLink'
import { useBooking } from '../useBooking'
import { BookingForm } from './BookingForm'

/** /bookings/:bookingId/edit: an unconfirmed booking changes everything, a checked-in one its departure. */
export default function ChangeBookingPage() {
  const bookingQuery = useBooking()
  const settingsQuery = useSettings()
  const booking = bookingQuery.data
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
        {({ booking, settings }) =>
          booking.status === 'unconfirmed' || booking.status === 'checked-in' ? (
            // Keyed by booking, so the form starts afresh for each one.
            <BookingForm
              key={booking.id}
              mode={{ kind: 'change', booking }}
              settings={settings}
              onCancel={moveBack}
            />
          ) : (
            <Alert
              type="info"
              showIcon
              title={`This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}: it keeps its stay and prices.`}
            />
          )
        }
      </QueryStates>
    </>
  )
}
