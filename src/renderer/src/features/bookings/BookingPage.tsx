import { Button } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { Empty } from '../../ui/Empty'
import { PageHeading } from '../../ui/PageHeading'
import { Spinner } from '../../ui/Spinner'
import { useMoveBack } from '../../ui/useMoveBack'
import { useCheckout } from '../check-in-out/useCheckout'
import { BackLink } from './BackLink'
import { BookingDataBox } from './BookingDataBox'
import { BookingHeading } from './BookingHeading'
import styles from './BookingPage.module.css'
import { useBooking } from './useBooking'
import { useDeleteBooking } from './useDeleteBooking'

export default function BookingPage() {
  const { booking, isLoading } = useBooking()
  const navigate = useNavigate()
  const moveBack = useMoveBack('/bookings')
  const { checkout, isCheckingOut } = useCheckout()
  const { deleteBooking, isDeleting } = useDeleteBooking()
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false)

  if (isLoading) return <Spinner />
  if (!booking)
    return (
      <>
        <PageHeading title="Booking">
          <BackLink onClick={moveBack} />
        </PageHeading>
        <Empty resourceName="booking" />
      </>
    )

  const { id, status } = booking
  return (
    <>
      <BookingHeading booking={booking}>
        <BackLink onClick={moveBack} />
      </BookingHeading>
      <BookingDataBox booking={booking} />

      <div className={styles.actions}>
        {status === 'unconfirmed' && (
          <Button type="primary" size="large" onClick={() => navigate(`/checkin/${id}`)}>
            Check in
          </Button>
        )}
        {status === 'checked-in' && (
          <Button type="primary" size="large" loading={isCheckingOut} onClick={() => checkout(id)}>
            Check out
          </Button>
        )}
        {status === 'checked-out' && (
          <Button type="primary" danger size="large" onClick={() => setIsConfirmingDelete(true)}>
            Delete booking
          </Button>
        )}
        <Button size="large" onClick={moveBack}>
          Back
        </Button>
      </div>

      <ConfirmDelete
        resourceName="booking"
        open={isConfirmingDelete}
        isDeleting={isDeleting}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={() =>
          deleteBooking(id, {
            onSuccess: moveBack,
            onSettled: () => setIsConfirmingDelete(false),
          })
        }
      />
    </>
  )
}
