import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { today as deskToday } from '@shared/clock'
import type { PricedStay } from '@shared/domain/reservations'
import { toastFailure } from '../../../ui/failureToast'
import { changeBooking, quoteStay } from '../../bookings/form/service'
import { BOOKING_QUERIES, bookingKeys } from '../../bookings/queryKeys'
import type { Booking } from '../../bookings/types'
import { bookingQuery } from '../../bookings/useBooking'
import { placeAfterMove, type BookingMove } from './bookingMove'

export type MoveOutcome = 'moved' | 'kept' | 'refused'

interface MoveRequest {
  booking: Booking
  stay: PricedStay
  /** The total the dialog showed: the database refuses the move if its own differs. */
  totalPrice: number
}

/**
 * What confirming a move needs: the booking's own fields the bar does not carry (guests, breakfast,
 * paid, observations), the database's price for the new stay, and the change itself. `move` is the
 * move on display (kept while the dialog fades out), `open` whether it is still being asked about.
 */
export function useBookingMove(
  move: BookingMove | null,
  open: boolean,
  onClose: (outcome: MoveOutcome) => void,
) {
  const queryClient = useQueryClient()
  const detail = useQuery({ ...bookingQuery(move?.booking.id ?? 0), enabled: open && move !== null })
  const booking = detail.data
  const stay: PricedStay | undefined =
    move && booking
      ? { ...placeAfterMove(move), numGuests: booking.numGuests, hasBreakfast: booking.hasBreakfast }
      : undefined
  const quote = useQuery({
    queryKey: bookingKeys.quote(stay),
    queryFn: () => quoteStay(stay!),
    enabled: open && stay !== undefined,
  })

  const { mutate, isPending } = useMutation({
    mutationFn: ({ booking, stay, totalPrice }: MoveRequest) =>
      changeBooking(booking.id, {
        ...stay,
        isPaid: booking.isPaid,
        observations: booking.observations ?? '',
        expectedTotalPrice: totalPrice,
        today: deskToday(),
      }),
    onSuccess: (_, { booking }) => toast.success(`Booking #${booking.id} successfully updated`),
    // The screen draws the bar back where it was at once; the refetch then shows where it really is.
    onError: (failure) => {
      toastFailure(failure)
      onClose('refused')
    },
    // Also after a refusal: the booking or the cabin may have changed at another desk. A move closes
    // once the calendar has drawn the bar at its new place, so it never jumps back meanwhile.
    onSettled: async (_, failure) => {
      await Promise.all(BOOKING_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      if (!failure) onClose('moved')
    },
  })

  const prices = quote.data
  return {
    /** The booking and the new total, once both have come. */
    data: booking && stay && prices ? { booking, stay, totalPrice: prices.totalPrice } : undefined,
    error: detail.error ?? quote.error,
    /** Which part failed, in the catalogue's words. */
    failedTitle: detail.error ? 'Booking could not be loaded' : 'The new prices could not be loaded',
    isFetching: detail.isFetching || quote.isFetching,
    refetch: () => (detail.error ? detail.refetch() : quote.refetch()),
    moveBooking: (request: MoveRequest) => mutate(request),
    isMoving: isPending,
  }
}
