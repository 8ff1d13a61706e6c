import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { createInvalidationBatch, invalidateLive } from './invalidationBatch'
import { startLiveConnection, type LiveStatus } from './liveConnection'
import { LIVE_QUERY_KEYS, LIVE_TABLES } from './liveQueryKeys'

const LiveStatusContext = createContext<LiveStatus>('connecting')

/** Where the desk's live updates stand, for the header's indicator. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext)
}

/**
 * Keeps every screen live while a staff session is open (it sits inside the route guard, so it starts
 * on sign-in and stops on logout): a change at another desk invalidates the screens that show its
 * table, a burst of changes once per screen.
 */
export function LiveUpdates({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<LiveStatus>('connecting')

  useEffect(() => {
    const refresh = invalidateLive(queryClient)
    const batch = createInvalidationBatch((queryKey) => void refresh(queryKey))
    const stop = startLiveConnection({
      onChange: (table) => batch.add(LIVE_QUERY_KEYS[table]),
      onStatus: setStatus,
      onResumed: () => LIVE_TABLES.forEach((table) => batch.add(LIVE_QUERY_KEYS[table])),
    })
    return () => {
      stop()
      batch.cancel()
    }
  }, [queryClient])

  return <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>
}
