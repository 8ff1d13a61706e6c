import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { bookingKeys } from './queryKeys'
import { deleteBooking } from './service'

export function useDeleteBooking() {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: deleteBooking,
    onSuccess: () => toast.success('Booking deleted successfully'),
    onError: (error) => toastFailure(error),
    // Also after a failure: the booking may have gone already (deleted at another desk).
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.lists }),
  })
  return { deleteBooking: mutate, isDeleting: isPending }
}
