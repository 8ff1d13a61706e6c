import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { onSignedOut } from './service'
import { USER_QUERY_KEY } from './userQuery'

/**
 * A session can end without a logout (the server refused to refresh it): forgetting the user then
 * makes the route guard send the desk to the login at once, instead of at the next failing call.
 */
export function useSessionEnd() {
  const queryClient = useQueryClient()
  useEffect(() => onSignedOut(() => queryClient.setQueryData(USER_QUERY_KEY, null)), [queryClient])
}
