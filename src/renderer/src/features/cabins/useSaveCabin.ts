import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { createEditCabin } from './service'
import { CABINS_QUERY_KEY } from './queryKeys'

/** Creates, duplicates or edits a cabin (see createEditCabin). */
export function useSaveCabin() {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    mutationFn: createEditCabin,
    onSuccess: (_, { id }) =>
      toast.success(id === undefined ? 'New cabin created successfully' : 'Cabin edited successfully'),
    onError: (error) => toastFailure(error),
    // Also after a failure: a photo clean-up can fail after the cabin itself was saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CABINS_QUERY_KEY }),
  })
  return { saveCabin: mutate, isSaving: isPending }
}
