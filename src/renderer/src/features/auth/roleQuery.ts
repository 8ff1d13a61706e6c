import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getOwnRole, type StaffRole } from './service'

export const ROLE_QUERY_KEY = ['role'] as const

/**
 * The signed-in person's role, asked once per session: logging out or in clears the cache, and a
 * role changed meanwhile shows as the database's refusal (a 403 toast), not as a stale screen.
 */
export const roleQuery = queryOptions({
  queryKey: ROLE_QUERY_KEY,
  queryFn: getOwnRole,
  staleTime: Infinity,
})

export const isAdminRole = (role: StaffRole | null | undefined): boolean => role === 'admin'

/** Started beside the session check, so the sidebar and the route guard rarely wait for it. */
export function startRoleCheck(queryClient: QueryClient): void {
  queryClient.ensureQueryData(roleQuery).catch(() => {})
}
