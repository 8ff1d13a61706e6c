import { useQuery } from '@tanstack/react-query'
import { isAuthenticated, userQuery } from './userQuery'

/** The signed-in staff member; only the role "authenticated" counts as logged in. */
export function useUser() {
  const { data: user, isPending } = useQuery(userQuery)
  return { user: user ?? null, isLoading: isPending, isAuthenticated: isAuthenticated(user) }
}
