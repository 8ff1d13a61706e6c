import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { deleteCabin } from './service'
import { CABINS_QUERY_KEY } from './queryKeys'

export function useDeleteCabin() {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: deleteCabin,
    onSuccess: () => toast.success('Cabin deleted successfully'),
    onError: (error) => toastFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CABINS_QUERY_KEY }),
  })
  return { deleteCabin: mutate, isDeleting: isPending }
}
