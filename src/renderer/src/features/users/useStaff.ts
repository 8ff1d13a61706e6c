import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { ROLE_QUERY_KEY } from '../auth/roleQuery'
import { listStaff, removeStaff, setStaffPassword, setStaffRole } from './service'

export const STAFF_QUERY_KEY = ['staff'] as const

export function useStaff() {
  return useQuery({ queryKey: STAFF_QUERY_KEY, queryFn: listStaff })
}

/**
 * A change to the staff list: its toast says what happened or what the server refused, and the list
 * is asked again either way (another admin may have changed it meanwhile).
 */
function useStaffChange<Variables>(change: (variables: Variables) => Promise<void>, done: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      toast.success(done)
      // An admin may have changed their own role: the sidebar and the admins' screens follow it.
      return queryClient.invalidateQueries({ queryKey: ROLE_QUERY_KEY })
    },
    onError: (error) => toastFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  })
}

export function useSetStaffRole() {
  const { mutate, isPending } = useStaffChange(setStaffRole, 'Role changed')
  return { setRole: mutate, isSettingRole: isPending }
}

export function useRemoveStaff() {
  const { mutate, isPending } = useStaffChange(removeStaff, 'Staff access removed')
  return { removeStaff: mutate, isRemoving: isPending }
}

export function useSetStaffPassword() {
  const { mutate, isPending } = useStaffChange(setStaffPassword, 'New password set')
  return { setPassword: mutate, isSettingPassword: isPending }
}
