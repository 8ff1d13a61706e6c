import type { User } from '@supabase/supabase-js'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { USER_QUERY_KEY } from '../auth/userQuery'
import { updateAccount, updatePassword, type AccountUpdate } from './service'

/** Both account forms report the same way and refresh the header's name and avatar. */
function useAccountMutation<Variables>(update: (variables: Variables) => Promise<User>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: update,
    onSuccess: (user) => {
      toast.success('User account successfully updated')
      queryClient.setQueryData(USER_QUERY_KEY, user)
    },
    onError: (error) => toast.error(error.message),
  })
}

export function useUpdateAccount() {
  const { mutate, isPending } = useAccountMutation((update: AccountUpdate) => updateAccount(update))
  return { updateAccount: mutate, isUpdating: isPending }
}

export function useUpdatePassword() {
  const { mutate, isPending } = useAccountMutation(updatePassword)
  return { updatePassword: mutate, isUpdating: isPending }
}
