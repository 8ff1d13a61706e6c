import { Outlet } from 'react-router-dom'
import { isAdminRole } from '../../features/auth/roleQuery'
import { useRoleQuery } from '../../features/auth/useRole'
import { loadStateOf } from '../../ui/QueryStates'
import { LoadFailed } from '../../ui/LoadFailed'
import { Spinner } from '../../ui/Spinner'
import { NoAccessPage } from '../NoAccessPage'

/**
 * The admins' screens (Settings, Users, Activity). The database refuses the rest of the staff anyway;
 * this says so before they try. Its states: the role loading, failed to load, not an admin, an admin.
 */
export function AdminRoute() {
  const roleQuery = useRoleQuery()
  const state = loadStateOf(roleQuery)
  if (state === 'loading') return <Spinner />
  if (state === 'failed' || state === 'not-found')
    return (
      <LoadFailed
        title="Your access could not be checked"
        error={roleQuery.error}
        onRetry={() => roleQuery.refetch()}
        isRetrying={roleQuery.isFetching}
      />
    )
  if (!isAdminRole(roleQuery.data)) return <NoAccessPage />
  return <Outlet />
}
