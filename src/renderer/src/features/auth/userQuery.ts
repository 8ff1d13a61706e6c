import type { User } from '@supabase/supabase-js'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { startRoleCheck } from './roleQuery'
import { getCurrentUser } from './service'

export const USER_QUERY_KEY = ['user'] as const

/**
 * How long an answer counts as just asked for a screen that mounts: the protected routes' loader asks
 * as the route opens (startSessionCheck), and the layout mounting moments later asked again for the
 * same answer on every cold start. A screen mounting later asks again, and a desk coming back to the
 * window always does (the answer is stale at once, as every answer here).
 */
export const USER_JUST_ASKED_MS = 2_000

/** The signed-in staff member, as the server sees the session (null without a valid one). */
export const userQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getCurrentUser,
  retry: false,
  refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > USER_JUST_ASKED_MS,
})

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
