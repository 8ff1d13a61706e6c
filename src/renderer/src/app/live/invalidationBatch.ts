import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'

/** How long changes gather before their screens refetch: well under the second a desk may wait. */
export const BATCH_MS = 100

export interface InvalidationBatch {
  /** Queues the keys; each is invalidated once per batch however often it is added. */
  add(keys: readonly QueryKey[]): void
  /** Drops what is queued (the session ended). */
  cancel(): void
}

/**
 * Coalesces invalidations: the first key queued starts a batch, and BATCH_MS later every distinct
 * key queued meanwhile is invalidated once. A hundred changes in a burst cost one refetch per screen.
 */
export function createInvalidationBatch(invalidate: (queryKey: QueryKey) => unknown): InvalidationBatch {
  const queued = new Map<string, QueryKey>()
  let timer: ReturnType<typeof setTimeout> | undefined

  function flush() {
    timer = undefined
    const keys = [...queued.values()]
    queued.clear()
    for (const key of keys) invalidate(key)
  }

  return {
    add(keys) {
      for (const key of keys) queued.set(hashKey(key), key)
      timer ??= setTimeout(flush, BATCH_MS)
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
      queued.clear()
    },
  }
}

/**
 * Invalidates the screens under a key without throwing away a refetch under way (React Query's
 * default cancels it and starts again, so a burst spread over a few batches would keep a slow list
 * from ever arriving): that answer shows as soon as it lands, and since it may have been read before
 * the change, one more refetch follows it.
 */
export function invalidateLive(queryClient: QueryClient) {
  return async (queryKey: QueryKey): Promise<void> => {
    const wasFetching = queryClient.isFetching({ queryKey }) > 0
    await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false })
    if (wasFetching) await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false })
  }
}
