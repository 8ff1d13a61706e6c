import { useState } from 'react'
import { formatShortStayDate } from '@shared/domain/bookings'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import type { BookingListItem } from './types'

/** What the question names: the booking's stay, from the list's row or the booking's own screen. */
export type CancellableBooking = Pick<BookingListItem, 'id' | 'startDate' | 'endDate'> & {
  cabins: { name: string } | null
  guests: { fullName: string } | null
}

interface ConfirmCancelBookingProps {
  /** The booking asked about; null keeps the dialog closed. */
  booking: CancellableBooking | null
  isCancelling: boolean
  onConfirm: (booking: CancellableBooking) => void
  onClose: () => void
}

/** Asks before cancelling, saying what a cancel does: the cabin is freed, the booking is kept. */
export function ConfirmCancelBooking({
  booking,
  isCancelling,
  onConfirm,
  onClose,
}: ConfirmCancelBookingProps) {
  // The closing dialog keeps its words while it fades out.
  const [shown, setShown] = useState(booking)
  if (booking && booking !== shown) setShown(booking)
  return (
    <ConfirmDialog
      open={booking !== null}
      title={shown ? `Cancel booking #${shown.id}?` : ''}
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      danger
      isPending={isCancelling}
      onCancel={onClose}
      onConfirm={() => booking && onConfirm(booking)}
    >
      {shown && (
        <>
          <p>
            {shown.guests?.fullName ?? 'The guest'} will not stay in cabin {shown.cabins?.name ?? '—'} from{' '}
            {formatShortStayDate(shown.startDate)} to {formatShortStayDate(shown.endDate)}: the cabin becomes
            free for those nights.
          </p>
          <p>
            The booking is kept, marked Cancelled, and can be deleted later. It cannot be checked in again.
          </p>
        </>
      )}
    </ConfirmDialog>
  )
}
