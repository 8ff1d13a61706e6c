import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import {
  BOOKING_SORT_OPTIONS,
  BOOKING_STATUS_FILTERS,
  DEFAULT_BOOKING_SORT,
  DEFAULT_BOOKING_STATUS_FILTER,
  pageCount,
} from '@shared/domain/bookings'
import { useFailureToast } from '../../ui/failureToast'
import { useOptionParam, usePageParam } from '../../ui/searchParams'
import { bookingKeys } from './queryKeys'
import { getBookings, type BookingsQuery } from './service'

const bookingsQueryOptions = (query: BookingsQuery) => ({
  queryKey: bookingKeys.list(query),
  queryFn: () => getBookings(query),
})

/** The page of bookings the URL asks for (status, sortBy, page), with its neighbours prefetched. */
export function useBookings() {
  const [filter] = useOptionParam('status', BOOKING_STATUS_FILTERS, DEFAULT_BOOKING_STATUS_FILTER)
  const [sortBy] = useOptionParam('sortBy', BOOKING_SORT_OPTIONS, DEFAULT_BOOKING_SORT)
  const [page] = usePageParam()
  const queryClient = useQueryClient()

  const query = useQuery({
    ...bookingsQueryOptions({ filter, sortBy, page }),
    // The previous page stays on screen, dimmed, until the next one arrives.
    placeholderData: keepPreviousData,
  })
  useFailureToast(query.error)

  const count = query.isPlaceholderData ? undefined : query.data?.count
  useEffect(() => {
    if (count === undefined) return
    for (const neighbour of [page - 1, page + 1]) {
      if (neighbour >= 1 && neighbour <= pageCount(count))
        void queryClient.prefetchQuery(bookingsQueryOptions({ filter, sortBy, page: neighbour }))
    }
  }, [queryClient, filter, sortBy, page, count])

  return { query, page, isChangingPage: query.isPlaceholderData }
}
