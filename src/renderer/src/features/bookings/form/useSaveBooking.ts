import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { toastFailure } from '../../../ui/failureToast'
import { BOOKING_QUERIES, bookingKeys } from '../queryKeys'
import { changeBooking, createBooking, type BookingRequest, type NewBookingRequest } from './service'

export type SaveBookingRequest =
  { bookingId?: undefined; request: NewBookingRequest } | { bookingId: number; request: BookingRequest }

/**
 * Creates or changes a booking, then opens it with a toast. A refusal (a taken cabin, a rule, new
 * prices) is toasted in the server's words and the form keeps what was typed; the free cabins are
 * asked again, since a refusal often means one was just taken.
 */
export function useSaveBooking() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate, isPending, error, reset } = useMutation({
    mutationFn: async ({ bookingId, request }: SaveBookingRequest) => {
      if (bookingId === undefined) return { id: await createBooking(request), created: true }
      await changeBooking(bookingId, request)
      return { id: bookingId, created: false }
    },
    onSuccess: ({ id, created }) => {
      toast.success(`Booking #${id} successfully ${created ? 'created' : 'updated'}`)
      for (const queryKey of BOOKING_QUERIES) void queryClient.invalidateQueries({ queryKey })
      navigate(`/bookings/${id}`, { replace: true })
    },
    onError: (failure) => {
      toastFailure(failure)
      void queryClient.invalidateQueries({ queryKey: bookingKeys.free })
    },
  })
  return { saveBooking: mutate, isSaving: isPending, saveError: error, resetSaveError: reset }
}
