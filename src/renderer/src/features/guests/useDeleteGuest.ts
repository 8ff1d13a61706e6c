import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { guestKeys } from './queryKeys'
import { deleteGuest } from './service'

export function useDeleteGuest() {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: deleteGuest,
    onSuccess: () => toast.success('Guest successfully deleted'),
    onError: (error) => toastFailure(error),
    // Refused (a booking was made meanwhile): the guest's page reads their stays again and shows it.
    onSettled: (_, __, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guestKeys.lists }),
        queryClient.invalidateQueries({ queryKey: guestKeys.detail(id) }),
      ]),
  })
  return { deleteGuest: mutate, isDeleting: isPending }
}
