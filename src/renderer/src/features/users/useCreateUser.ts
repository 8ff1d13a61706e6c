import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { createStaffUser } from './service'
import { STAFF_QUERY_KEY } from './useStaff'

/** The spec shows no toast for a failed sign-up; the form shows the error itself. */
export function useCreateUser() {
  const queryClient = useQueryClient()
  const {
    mutate: createUser,
    isPending: isCreating,
    error,
    reset,
  } = useMutation({
    mutationFn: createStaffUser,
    onSuccess: () => {
      toast.success(
        "Account successfully created! Please verify the new account from the user's email address",
      )
      return queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY })
    },
  })
  return { createUser, isCreating, error, reset }
}
