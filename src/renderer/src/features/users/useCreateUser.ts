import { useMutation } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { createStaffUser } from './service'

/** The spec shows no toast for a failed sign-up; the form shows the error itself. */
export function useCreateUser() {
  const {
    mutate: createUser,
    isPending: isCreating,
    error,
    reset,
  } = useMutation({
    mutationFn: createStaffUser,
    onSuccess: () =>
      toast.success(
        "Account successfully created! Please verify the new account from the user's email address",
      ),
  })
  return { createUser, isCreating, error, reset }
}
