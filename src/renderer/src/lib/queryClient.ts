import { QueryClient } from '@tanstack/react-query'

/** Cached data is always considered stale: a front desk must see what the database says now. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 0 } } })
}
