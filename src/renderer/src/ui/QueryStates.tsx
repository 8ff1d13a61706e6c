import type { ReactNode } from 'react'
import { isNotFound } from '../lib/notFound'
import { LoadFailed } from './LoadFailed'

/** The part of a React Query result a screen needs to tell its states apart; any useQuery result fits. */
export interface QueryLike<Data> {
  /** Undefined until the first answer: loading, or failed when there is an error. */
  data: Data | undefined
  error: Error | null
  isFetching?: boolean
  refetch: () => unknown
}

/** The four states of every screen's data, and the fifth: there, with something to show. */
export type LoadState = 'loading' | 'failed' | 'not-found' | 'empty' | 'ready'

/**
 * Which state a load is in. Data already on screen stays there when a later refresh fails (its toast
 * says so), except when the refresh found the record gone (deleted here or at another desk): a record
 * that does not exist is "not found" whatever was shown before, every other error "failed".
 */
export function loadStateOf<Data>(query: QueryLike<Data>, isEmpty?: (data: Data) => boolean): LoadState {
  if (query.error && isNotFound(query.error)) return 'not-found'
  if (query.data === undefined) return query.error ? 'failed' : 'loading'
  return isEmpty?.(query.data) ? 'empty' : 'ready'
}

/** The data a screen shows around its states (a heading, a toolbar): none once the record is gone. */
export function shownData<Data>(query: QueryLike<Data>): Data | undefined {
  return query.error && isNotFound(query.error) ? undefined : query.data
}

interface QueryStatesProps<Data> {
  query: QueryLike<Data>
  /** What failed, as the user reads it: "Bookings could not be loaded". */
  failedTitle: string
  /** A skeleton shaped like what comes. */
  loading: ReactNode
  /** What a record that does not exist shows; without it, that counts as a failure. */
  notFound?: ReactNode
  /** What shows when the data holds nothing, as `isEmpty` decides. */
  empty?: ReactNode
  isEmpty?: (data: Data) => boolean
  children: (data: Data) => ReactNode
}

/**
 * A screen's data in one of its four states: loading (a skeleton), failed (what failed and a retry,
 * in place), not found, empty — or the data itself.
 */
export function QueryStates<Data>({
  query,
  failedTitle,
  loading,
  notFound,
  empty,
  isEmpty,
  children,
}: QueryStatesProps<Data>) {
  const state = loadStateOf(query, empty === undefined ? undefined : isEmpty)
  if (state === 'loading') return loading
  if (state === 'not-found' && notFound !== undefined) return notFound
  if (state === 'failed' || state === 'not-found')
    return (
      <LoadFailed
        title={failedTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  if (state === 'empty') return empty
  return children(query.data as Data)
}
