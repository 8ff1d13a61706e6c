import type { User } from '@supabase/supabase-js'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { startRoleCheck } from './roleQuery'
import { getCurrentUser } from './service'

export const USER_QUERY_KEY = ['user'] as const

/** The signed-in staff member, as the server sees the session (null without a valid one). */
export const userQuery = queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getCurrentUser, retry: false })

/** Only the role "authenticated" counts as logged in. */
export function isAuthenticated(user: User | null | undefined): boolean {
  return user?.role === 'authenticated'
}

/**
 * The protected routes' loader: starts the session check as a protected route opens, beside the
 * route's chunk and data, rather than when the layout first renders. The route guard reads the answer.
 */
export function startSessionCheck(queryClient: QueryClient): void {
  // A failed check is the route guard's to show: it asks again when it mounts.
  queryClient
    .ensureQueryData(userQuery)
    .then((user) => isAuthenticated(user) && startRoleCheck(queryClient))
    .catch(() => {})
}
