import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { updateBooking } from '../bookings/service'

type Checkout = (bookingId: number, options?: { onSettled?: () => void }) => void

/**
 * Checks a guest out; every screen on display then reloads what it shows (spec §4). The check-out
 * runs until that reload is done, so no screen shows the stay as still to check out meanwhile.
 */
export function useCheckout(): { checkout: Checkout; isCheckingOut: boolean } {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: (bookingId: number) => updateBooking(bookingId, { status: 'checked-out' }),
    onSuccess: (booking) => {
      toast.success(`Booking #${booking.id} has been checked out successfully`)
      return queryClient.invalidateQueries({ refetchType: 'active' })
    },
    // The spec words a failed check-out like a failed check-in.
    onError: (error) => toastFailure(error, 'There was an error while checking in'),
  })
  return { checkout: (bookingId, options) => mutate(bookingId, options), isCheckingOut: isPending }
}
