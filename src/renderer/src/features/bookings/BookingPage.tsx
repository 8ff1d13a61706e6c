import { PrinterOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { canBeCancelled, canBeDeleted } from '@shared/domain/bookings'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { Empty } from '../../ui/Empty'
import { LinkButton } from '../../ui/LinkButton'
import { PageHeading } from '../../ui/PageHeading'
import { QueryStates, shownData } from '../../ui/QueryStates'
import { DetailSkeleton } from '../../ui/Skeletons'
import { useMoveBack } from '../../ui/useMoveBack'
import { BookingHistory } from '../activity/BookingHistory'
import { useCheckout } from '../check-in-out/useCheckout'
import { BackLink } from './BackLink'
import { BookingDataBox } from './BookingDataBox'
import { BookingHeading } from './BookingHeading'
import { ConfirmCancelBooking } from './ConfirmCancelBooking'
import styles from './BookingPage.module.css'
import type { Booking } from './types'
import { useBooking } from './useBooking'
import { useCancelBooking } from './useCancelBooking'
import { useIsAdmin } from '../auth/useRole'
import { useDeleteBooking } from './useDeleteBooking'

export default function BookingPage() {
  const bookingQuery = useBooking()
  const booking = shownData(bookingQuery)
  const moveBack = useMoveBack('/bookings')
  const backLink = <BackLink onClick={moveBack} />

  return (
    <>
      {booking ? (
        <BookingHeading booking={booking}>{backLink}</BookingHeading>
      ) : (
        <PageHeading title="Booking">{backLink}</PageHeading>
      )}
      <QueryStates
        query={bookingQuery}
        failedTitle="Booking could not be loaded"
        loading={<DetailSkeleton label="Booking" />}
        notFound={<Empty resourceName="booking" />}
      >
        {(booking) => <BookingDetails booking={booking} onBack={moveBack} />}
      </QueryStates>
    </>
  )
}

function BookingDetails({ booking, onBack }: { booking: Booking; onBack: () => void }) {
  const navigate = useNavigate()
  const { checkout, isCheckingOut } = useCheckout()
  const { deleteBooking, isDeleting } = useDeleteBooking()
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false)
  const { cancelBooking, isCancelling } = useCancelBooking()
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false)
  const isAdmin = useIsAdmin()
  const { id, status } = booking

  return (
    <>
      <BookingDataBox booking={booking} />
      <div className={styles.actions}>
        {status === 'unconfirmed' && (
          <Button type="primary" size="large" onClick={() => navigate(`/checkin/${id}`)}>
            Check in
          </Button>
        )}
        {(status === 'unconfirmed' || status === 'checked-in') && (
          <Button size="large" onClick={() => navigate(`/bookings/${id}/edit`)}>
            Change booking
          </Button>
        )}
        {status === 'checked-in' && (
          <Button type="primary" size="large" loading={isCheckingOut} onClick={() => checkout(id)}>
            Check out
          </Button>
        )}
        {canBeCancelled(status) && (
          <Button size="large" onClick={() => setIsConfirmingCancel(true)}>
            Cancel booking
          </Button>
        )}
        {/* Deleting is an admin's; the front desk cancels instead. */}
        {isAdmin && canBeDeleted(status) && (
          <Button type="primary" danger size="large" onClick={() => setIsConfirmingDelete(true)}>
            Delete booking
          </Button>
        )}
        <LinkButton size="large" icon={<PrinterOutlined />} to={`/print/bookings/${id}`}>
          Registration card
        </LinkButton>
        <Button size="large" onClick={onBack}>
          Back
        </Button>
      </div>
      <BookingHistory bookingId={id} />
      <ConfirmCancelBooking
        booking={isConfirmingCancel ? booking : null}
        isCancelling={isCancelling}
        onClose={() => setIsConfirmingCancel(false)}
        onConfirm={() => cancelBooking(id, { onSettled: () => setIsConfirmingCancel(false) })}
      />
      <ConfirmDelete
        resourceName="booking"
        open={isConfirmingDelete}
        isDeleting={isDeleting}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={() =>
          deleteBooking(id, {
            onSuccess: onBack,
            onSettled: () => setIsConfirmingDelete(false),
          })
        }
      />
    </>
  )
}
