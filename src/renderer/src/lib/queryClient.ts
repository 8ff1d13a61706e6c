import { QueryClient } from '@tanstack/react-query'

/**
 * Cached data is always considered stale: a front desk must see what the database says now.
 * One retry rides out a dropped connection without keeping the desk waiting on a real failure.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 0, retry: 1 } } })
}
