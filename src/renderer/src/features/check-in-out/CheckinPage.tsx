import { Alert, Button, Checkbox } from 'antd'
import { useState } from 'react'
import { BOOKING_STATUS_LABELS } from '@shared/domain/bookings'
import { breakfastCost, pricesWithBreakfast } from '@shared/domain/breakfast'
import { formatCurrency } from '@shared/domain/format'
import { Empty } from '../../ui/Empty'
import { PageHeading } from '../../ui/PageHeading'
import { Spinner } from '../../ui/Spinner'
import { useMoveBack } from '../../ui/useMoveBack'
import { BackLink } from '../bookings/BackLink'
import { BookingDataBox } from '../bookings/BookingDataBox'
import type { Booking } from '../bookings/types'
import { useBooking } from '../bookings/useBooking'
import { useSettings } from '../settings/useSettings'
import styles from './CheckinPage.module.css'
import { useCheckin } from './useCheckin'

export default function CheckinPage() {
  const { booking, isLoading } = useBooking()
  const { settings, isLoading: isLoadingSettings } = useSettings()
  const moveBack = useMoveBack('/bookings')

  const backLink = <BackLink onClick={moveBack} />
  if (isLoading || isLoadingSettings) return <Spinner />
  if (!booking)
    return (
      <>
        <PageHeading title="Check in booking">{backLink}</PageHeading>
        <Empty resourceName="booking" />
      </>
    )

  return (
    <>
      <PageHeading title={`Check in booking #${booking.id}`}>{backLink}</PageHeading>
      <BookingDataBox booking={booking} />
      {booking.status === 'unconfirmed' ? (
        // Keyed by booking so the boxes start afresh for each booking.
        <CheckinForm
          key={booking.id}
          booking={booking}
          breakfastPrice={settings?.breakfastPrice}
          onBack={moveBack}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={`This booking is already ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}.`}
        />
      )}
    </>
  )
}

interface CheckinFormProps {
  booking: Booking
  /** Unknown when the settings could not be loaded: breakfast cannot be offered then. */
  breakfastPrice: number | undefined
  onBack: () => void
}

function CheckinForm({ booking, breakfastPrice, onBack }: CheckinFormProps) {
  const [addBreakfast, setAddBreakfast] = useState(false)
  const [confirmPaid, setConfirmPaid] = useState(booking.isPaid)
  const { checkin, isCheckingIn } = useCheckin()

  const guestName = booking.guests?.fullName ?? 'the guest'
  const cost = breakfastPrice === undefined ? undefined : breakfastCost(breakfastPrice, booking)
  const withBreakfast = addBreakfast && cost !== undefined ? pricesWithBreakfast(booking, cost) : undefined
  const amountDue = withBreakfast
    ? `${formatCurrency(withBreakfast.totalPrice)} (${formatCurrency(booking.totalPrice)} + ${formatCurrency(cost!)})`
    : formatCurrency(booking.totalPrice)

  return (
    <>
      {!booking.hasBreakfast && cost !== undefined && (
        <div className={styles.box}>
          <Checkbox
            id="add-breakfast"
            checked={addBreakfast}
            disabled={isCheckingIn}
            onChange={(event) => {
              setAddBreakfast(event.target.checked)
              // The amount to confirm has changed: the payment must be confirmed again.
              setConfirmPaid(false)
            }}
          >
            Want to add breakfast for {formatCurrency(cost)}?
          </Checkbox>
        </div>
      )}

      <div className={`${styles.box} ${styles.confirmation}`}>
        <Checkbox
          id="confirm-paid"
          checked={confirmPaid}
          // Once the money is confirmed it stays confirmed (spec §2); changing breakfast resets it.
          disabled={confirmPaid || isCheckingIn}
          onChange={(event) => setConfirmPaid(event.target.checked)}
        >
          I confirm that {guestName} has paid the total amount of {amountDue}
        </Checkbox>
      </div>

      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          disabled={!confirmPaid}
          loading={isCheckingIn}
          onClick={() => checkin({ bookingId: booking.id, breakfast: withBreakfast })}
        >
          Check in booking #{booking.id}
        </Button>
        <Button size="large" disabled={isCheckingIn} onClick={onBack}>
          Back
        </Button>
      </div>
    </>
  )
}
