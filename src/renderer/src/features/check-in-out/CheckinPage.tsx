import { Alert, Button, Checkbox } from 'antd'
import { useState } from 'react'
import { BOOKING_STATUS_LABELS } from '@shared/domain/bookings'
import { breakfastCost, pricesWithBreakfast } from '@shared/domain/breakfast'
import { today } from '@shared/clock'
import { formatCurrency, formatStayDate } from '@shared/domain/format'
import { ChangedElsewhere } from '../../ui/ChangedElsewhere'
import { Empty } from '../../ui/Empty'
import { LoadFailed } from '../../ui/LoadFailed'
import { PageHeading } from '../../ui/PageHeading'
import { QueryStates, shownData } from '../../ui/QueryStates'
import { DetailSkeleton } from '../../ui/Skeletons'
import { useEditedRecord } from '../../ui/useEditedRecord'
import { useMoveBack } from '../../ui/useMoveBack'
import { BackLink } from '../bookings/BackLink'
import { BookingDataBox } from '../bookings/BookingDataBox'
import type { Booking } from '../bookings/types'
import { useBooking } from '../bookings/useBooking'
import { useSettings } from '../settings/useSettings'
import styles from './CheckinPage.module.css'
import { useCheckin } from './useCheckin'

export default function CheckinPage() {
  const bookingQuery = useBooking()
  const settingsQuery = useSettings()
  const booking = shownData(bookingQuery)
  const moveBack = useMoveBack('/bookings')
  const backLink = <BackLink onClick={moveBack} />

  return (
    <>
      <PageHeading title={booking ? `Check in booking #${booking.id}` : 'Check in booking'}>
        {backLink}
      </PageHeading>
      <QueryStates
        query={{
          // The settings come first too: a breakfast box appearing late would move the others.
          data: settingsQuery.isPending ? undefined : booking,
          error: bookingQuery.error,
          isFetching: bookingQuery.isFetching,
          refetch: bookingQuery.refetch,
        }}
        failedTitle="Booking could not be loaded"
        loading={<DetailSkeleton label="Booking" />}
        notFound={<Empty resourceName="booking" />}
      >
        {(booking) => (
          // Keyed by booking so the boxes start afresh for each booking.
          <CheckinBooking key={booking.id} live={booking} settingsQuery={settingsQuery} onBack={moveBack} />
        )}
      </QueryStates>
    </>
  )
}

interface CheckinBookingProps {
  /** The booking as the database has it now (refetched when another desk changes it). */
  live: Booking
  settingsQuery: ReturnType<typeof useSettings>
  onBack: () => void
}

/**
 * The booking and its check-in, as the page found it: a change at another desk (checked in there,
 * a new price) is said, and shown only once the user reloads, never under a ticked confirmation.
 */
function CheckinBooking({ live, settingsQuery, onBack }: CheckinBookingProps) {
  const { record: booking, isChangedElsewhere, reload, formKey } = useEditedRecord(live)
  return (
    <>
      {isChangedElsewhere && <ChangedElsewhere resource="booking" onReload={reload} />}
      <BookingDataBox booking={booking} />
      {/* Only where breakfast would be offered: an unconfirmed stay without it. */}
      {settingsQuery.error && booking.status === 'unconfirmed' && !booking.hasBreakfast && (
        <LoadFailed
          inline
          title="Breakfast cannot be added: the settings could not be loaded"
          error={settingsQuery.error}
          onRetry={() => void settingsQuery.refetch()}
          isRetrying={settingsQuery.isFetching}
        />
      )}
      {booking.status === 'unconfirmed' ? (
        <CheckinForm
          key={formKey}
          booking={booking}
          breakfastPrice={settingsQuery.data?.breakfastPrice}
          onBack={onBack}
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
      {booking.startDate > today() && (
        // Checking in early is allowed, but never by mistake for another day's guest.
        <Alert
          type="warning"
          showIcon
          title={`This stay starts on ${formatStayDate(booking.startDate)}, not today.`}
          description="Check the guest in only if they have arrived early."
        />
      )}
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
