import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { updateBooking } from '../bookings/service'

/** Checks a guest out; every screen on display then reloads what it shows (spec §4). */
export function useCheckout(): { checkout: (bookingId: number) => void; isCheckingOut: boolean } {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: (bookingId: number) => updateBooking(bookingId, { status: 'checked-out' }),
    onSuccess: (booking) => {
      toast.success(`Booking #${booking.id} has been checked out successfully`)
      void queryClient.invalidateQueries({ refetchType: 'active' })
    },
    // The spec words a failed check-out like a failed check-in.
    onError: (error) => toastFailure(error, 'There was an error while checking in'),
  })
  return { checkout: (bookingId) => mutate(bookingId), isCheckingOut: isPending }
}
