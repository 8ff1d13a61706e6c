import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { onSignedOut } from './service'
import { ROLE_QUERY_KEY } from './roleQuery'
import { USER_QUERY_KEY } from './userQuery'

/**
 * A session can end without a logout (the server refused to refresh it): forgetting the user then
 * makes the route guard send the desk to the login at once, instead of at the next failing call; its
 * role goes with it.
 */
export function useSessionEnd() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      onSignedOut(() => {
        queryClient.removeQueries({ queryKey: ROLE_QUERY_KEY })
        queryClient.setQueryData(USER_QUERY_KEY, null)
      }),
    [queryClient],
  )
}
