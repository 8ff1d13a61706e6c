import { useState } from 'react'
import { nightsLabel } from '@shared/domain/bookings'
import { daysBetween, formatCurrency, formatStayDate } from '@shared/domain/format'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import { Empty } from '../../../ui/Empty'
import { QueryStates } from '../../../ui/QueryStates'
import { DetailSkeleton } from '../../../ui/Skeletons'
import { isDepartureChange, type BookingMove, type StayPlace } from './bookingMove'
import styles from './ConfirmBookingMove.module.css'
import { useBookingMove, type MoveOutcome } from './useBookingMove'

export type { BookingMove } from './bookingMove'

interface ConfirmBookingMoveProps {
  /** The bar dropped elsewhere; null keeps the dialog closed. */
  move: BookingMove | null
  cabinName: (cabinId: number) => string
  /** 'moved' once stored, 'kept' when the desk steps back, 'refused' when the database said no. */
  onClose: (outcome: MoveOutcome) => void
}

/**
 * Asks before a booking dropped on the calendar moves: the stay now and after (cabin, dates, nights,
 * the database's total and the difference), then changes it with every other field kept as stored.
 */
export function ConfirmBookingMove({ move, cabinName, onClose }: ConfirmBookingMoveProps) {
  // The closing dialog keeps its words while it fades out.
  const [shown, setShown] = useState(move)
  if (move && move !== shown) setShown(move)
  const moveQuery = useBookingMove(shown, move !== null, onClose)
  const departureOnly = shown !== null && isDepartureChange(shown)
  const id = shown?.booking.id
  return (
    <ConfirmDialog
      open={move !== null}
      title={!shown ? '' : departureOnly ? `Change the departure of booking #${id}?` : `Move booking #${id}?`}
      confirmLabel={departureOnly ? 'Change departure' : 'Move booking'}
      cancelLabel="Keep as it was"
      width={520}
      isPending={moveQuery.isMoving}
      confirmDisabled={moveQuery.data === undefined}
      onCancel={() => onClose('kept')}
      onConfirm={() => moveQuery.data && moveQuery.moveBooking(moveQuery.data)}
    >
      {shown && (
        <QueryStates
          query={moveQuery}
          failedTitle={moveQuery.failedTitle}
          loading={<DetailSkeleton label="New stay" lines={5} />}
          notFound={<Empty resourceName="booking" />}
        >
          {({ booking, stay, totalPrice }) => (
            <>
              {booking.status === 'checked-in' && (
                <p>The guest has checked in: only the departure can change.</p>
              )}
              <StayComparison
                move={shown}
                after={stay}
                afterTotal={totalPrice}
                afterHeading={departureOnly ? 'New departure' : 'After the move'}
                cabinName={cabinName}
              />
              <p className={styles.difference}>{priceChange(totalPrice - shown.booking.totalPrice)}</p>
            </>
          )}
        </QueryStates>
      )}
    </ConfirmDialog>
  )
}

interface StayComparisonProps {
  move: BookingMove
  after: StayPlace
  afterTotal: number
  afterHeading: string
  cabinName: (cabinId: number) => string
}

/** The stay as the calendar drew it beside the stay after the move, what changes in bold. */
function StayComparison({
  move: { booking },
  after,
  afterTotal,
  afterHeading,
  cabinName,
}: StayComparisonProps) {
  const rows: [label: string, now: string, then: string][] = [
    ['Cabin', cabinName(booking.cabinId), cabinName(after.cabinId)],
    ['Arrival', formatStayDate(booking.startDate), formatStayDate(after.startDate)],
    ['Departure', formatStayDate(booking.endDate), formatStayDate(after.endDate)],
    ['Nights', nightsLabel(booking.numNights), nightsLabel(daysBetween(after.startDate, after.endDate))],
    ['Total price', formatCurrency(booking.totalPrice), formatCurrency(afterTotal)],
  ]
  return (
    <table className={styles.comparison}>
      <caption>{`${booking.guestName}’s stay`}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Now</th>
          <th scope="col">{afterHeading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, now, then]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{now}</td>
            <td className={now === then ? undefined : styles.changed}>{then}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The difference in total, in words: a sign alone is easy to misread. */
function priceChange(difference: number): string {
  const amount = formatCurrency(Math.abs(Math.round(difference * 100) / 100))
  if (Math.abs(difference) < 0.005) return 'The total price stays the same.'
  return `The total price goes ${difference > 0 ? 'up' : 'down'} by ${amount}.`
}
