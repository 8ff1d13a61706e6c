import { useQuery } from '@tanstack/react-query'
import { isAdminRole, roleQuery } from './roleQuery'

/** The signed-in person's role as a query: the route guard tells its loading and failed states apart. */
export function useRoleQuery() {
  return useQuery(roleQuery)
}

/** Whether the signed-in person is an admin; false until the role is known (admin actions appear then). */
export function useIsAdmin(): boolean {
  return isAdminRole(useRoleQuery().data)
}
