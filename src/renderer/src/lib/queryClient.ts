import { QueryClient } from '@tanstack/react-query'
import { isNotFound } from './notFound'

/**
 * Cached data is always considered stale: a front desk must see what the database says now.
 * One retry rides out a dropped connection without keeping the desk waiting on a real failure; a
 * record that does not exist is not asked for again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, retry: (failures, error) => !isNotFound(error) && failures < 1 },
    },
  })
}
