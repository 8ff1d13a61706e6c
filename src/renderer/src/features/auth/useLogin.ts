import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { useNavigate } from 'react-router-dom'
import { signIn } from './service'
import { USER_QUERY_KEY } from './useUser'

export function useLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mutate: login, isPending: isLoggingIn } = useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user)
      navigate('/dashboard', { replace: true })
    },
    onError: () => toast.error('Provided email or password is incorrect'),
  })
  return { login, isLoggingIn }
}
