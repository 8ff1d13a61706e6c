import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { signOut } from './service'

/** Logs out, forgets every cached answer (they belong to the previous user) and opens the login. */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate: logout, isPending: isLoggingOut } = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear()
      navigate('/login', { replace: true })
    },
  })
  return { logout: () => logout(), isLoggingOut }
}
