import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { toastFailure } from '../../ui/failureToast'
import { updateBooking } from '../bookings/service'

export interface CheckinRequest {
  bookingId: number
  /** The prices with breakfast when the guest adds it now (see pricesWithBreakfast). */
  breakfast?: { hasBreakfast: true; extrasPrice: number; totalPrice: number }
}

/** Checks a guest in (paid, optionally with breakfast), then returns to the dashboard. */
export function useCheckin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate, isPending } = useMutation({
    mutationFn: ({ bookingId, breakfast }: CheckinRequest) =>
      updateBooking(bookingId, { status: 'checked-in', isPaid: true, ...breakfast }),
    onSuccess: (booking) => {
      toast.success(`Booking #${booking.id} has been checked in successfully`)
      void queryClient.invalidateQueries({ refetchType: 'active' })
      navigate('/dashboard')
    },
    onError: (error) => toastFailure(error, 'There was an error while checking in'),
  })
  return { checkin: mutate, isCheckingIn: isPending }
}
