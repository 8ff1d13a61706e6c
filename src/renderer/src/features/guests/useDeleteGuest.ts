import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { toastFailure } from '../../ui/failureToast'
import { guestKeys } from './queryKeys'
import { deleteGuest } from './service'

/**
 * Deletes a guest from their page, then goes back to the list. The way back is the mutation's own,
 * not the caller's: a caller's callbacks are dropped once it unmounts, and the guest's page can show
 * "not found" (live updates read the gone guest again) before the answer arrives.
 */
export function useDeleteGuest() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate, isPending } = useMutation({
    mutationFn: deleteGuest,
    onSuccess: () => {
      toast.success('Guest successfully deleted')
      navigate('/guests', { replace: true })
    },
    onError: (error) => toastFailure(error),
    onSettled: (_, error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guestKeys.lists }),
        // Refused (a booking was made meanwhile): the guest's page reads their stays again and shows
        // it. Deleted, the page is left and the gone guest is not read again.
        error && queryClient.invalidateQueries({ queryKey: guestKeys.detail(id) }),
      ]),
  })
  return { deleteGuest: mutate, isDeleting: isPending }
}
