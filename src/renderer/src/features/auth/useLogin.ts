import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { signIn } from './service'
import { USER_QUERY_KEY } from './userQuery'

export function useLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate: login, isPending: isLoggingIn } = useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      // Answers cached before signing in were asked for without an accepted session (a dashboard
      // prefetched while the session check failed): the new session starts from an empty cache.
      queryClient.removeQueries()
      queryClient.setQueryData(USER_QUERY_KEY, user)
      navigate('/dashboard', { replace: true })
    },
    onError: () => toast.error('Provided email or password is incorrect'),
  })
  return { login, isLoggingIn }
}
