import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { pageCount } from '@shared/domain/bookings'
import { useFailureToast } from '../../ui/failureToast'
import { useOptionParam, usePageParam, useTextParam } from '../../ui/searchParams'
import { DEFAULT_GUEST_SORT, GUEST_SORT_OPTIONS } from './guestList'
import { guestKeys } from './queryKeys'
import { getGuests, type GuestsQuery } from './service'

const guestsQueryOptions = (query: GuestsQuery) => ({
  queryKey: guestKeys.list(query),
  queryFn: () => getGuests(query),
})

/** The page of the guests directory the URL asks for (q, sortBy, page), its neighbours prefetched. */
export function useGuests() {
  const [search] = useTextParam('q')
  const [sortBy] = useOptionParam('sortBy', GUEST_SORT_OPTIONS, DEFAULT_GUEST_SORT)
  const [page] = usePageParam()
  const queryClient = useQueryClient()

  const query = useQuery({
    ...guestsQueryOptions({ search, sortBy, page }),
    // The previous page or search stays on screen, dimmed, until the next answer arrives.
    placeholderData: keepPreviousData,
  })
  useFailureToast(query.error)

  const count = query.isPlaceholderData ? undefined : query.data?.count
  useEffect(() => {
    if (count === undefined) return
    for (const neighbour of [page - 1, page + 1]) {
      if (neighbour >= 1 && neighbour <= pageCount(count))
        void queryClient.prefetchQuery(guestsQueryOptions({ search, sortBy, page: neighbour }))
    }
  }, [queryClient, search, sortBy, page, count])

  return { query, search, page, isRefreshing: query.isPlaceholderData }
}
