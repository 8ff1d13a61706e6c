import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { updateBooking } from './service'

type CancelBooking = (bookingId: number, options?: { onSettled?: () => void }) => void

/**
 * Cancels an unconfirmed booking: it is kept, marked cancelled, and its cabin is free again (the
 * database checks the transition). Every screen on display then reloads what it shows — the list,
 * its counts, the booking, the dashboard's figures and today's arrivals — and the cancel runs until
 * that is done, so no screen shows the booking as still coming meanwhile.
 */
export function useCancelBooking(): { cancelBooking: CancelBooking; isCancelling: boolean } {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: (bookingId: number) => updateBooking(bookingId, { status: 'cancelled' }),
    onSuccess: (booking) => toast.success(`Booking #${booking.id} successfully cancelled`),
    onError: (error) => toastFailure(error, 'Booking could not be cancelled'),
    // Also after a refusal: the booking may have changed at another desk (checked in, deleted).
    onSettled: () => queryClient.invalidateQueries({ refetchType: 'active' }),
  })
  return { cancelBooking: (bookingId, options) => mutate(bookingId, options), isCancelling: isPending }
}
