import type { User } from '@supabase/supabase-js'
import { useQuery } from '@tanstack/react-query'
import { getCurrentUser } from './service'

export const USER_QUERY_KEY = ['user'] as const

export function isAuthenticated(user: User | null | undefined): boolean {
  return user?.role === 'authenticated'
}

/** The signed-in staff member; only the role "authenticated" counts as logged in. */
export function useUser() {
  const { data: user, isPending } = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: getCurrentUser,
    retry: false,
  })
  return { user: user ?? null, isLoading: isPending, isAuthenticated: isAuthenticated(user) }
}
