import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Connection } from '@shared/ipc'
import type { ConnectionControl } from '../../../platform/types'

export const CONNECTION_QUERY_KEY = ['backend-connection'] as const

/**
 * The backend this desk uses, and switching it. Main checks the choice, keeps it in the app's config
 * and reloads the window onto the new backend; its refusal comes back as the error's message.
 */
export function useBackendConnection(control: ConnectionControl) {
  const queryClient = useQueryClient()
  const { data: connection, isPending: isLoading } = useQuery({
    queryKey: CONNECTION_QUERY_KEY,
    queryFn: () => control.get(),
  })

  const {
    mutate: switchTo,
    isPending,
    isSuccess,
    error: switchError,
    reset: resetSwitchError,
  } = useMutation({
    mutationFn: async (next: Connection) => {
      const result = await control.set(next)
      if (!result.ok) throw new Error(result.error)
    },
    // Signing out on this desk: nothing the previous backend (or its signed-in user) answered may be
    // shown while main reloads the window; the new backend has its own session, if any.
    onSuccess: () => queryClient.clear(),
  })

  return {
    connection,
    isLoading,
    switchTo,
    // Still switching after success: the window is about to reload and must not be used meanwhile.
    isSwitching: isPending || isSuccess,
    switchError,
    resetSwitchError,
  }
}
