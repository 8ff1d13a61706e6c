import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { focusNextPageHeading } from '../../ui/PageHeading'
import { signIn } from './service'
import { USER_QUERY_KEY } from './userQuery'

// One id: a second failure replaces the first toast, and a success can take it away.
const LOGIN_FAILED_TOAST = 'login-failed'

export function useLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate: login, isPending: isLoggingIn } = useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      // An earlier attempt's "incorrect" is no longer true: it must not follow into the dashboard.
      toast.dismiss(LOGIN_FAILED_TOAST)
      // Answers cached before signing in were asked for without an accepted session (a dashboard
      // prefetched while the session check failed): the new session starts from an empty cache.
      queryClient.removeQueries()
      queryClient.setQueryData(USER_QUERY_KEY, user)
      focusNextPageHeading()
      navigate('/dashboard', { replace: true })
    },
    onError: () => toast.error('Provided email or password is incorrect', { id: LOGIN_FAILED_TOAST }),
  })
  return { login, isLoggingIn }
}
