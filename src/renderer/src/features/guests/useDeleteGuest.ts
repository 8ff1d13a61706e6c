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
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestKeys.lists }),
  })
  return { deleteGuest: mutate, isDeleting: isPending }
}
