import { queryOptions, useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { useFailureToast } from '../../ui/failureToast'
import { bookingKeys } from './queryKeys'
import { getBooking } from './service'

/**
 * One booking with its cabin and guest (a missing one is not retried: see queryClient). A booking
 * leaves the cache as soon as no screen shows it: one deleted meanwhile (here or at another desk) is
 * never shown again from memory.
 */
export function bookingQuery(id: number) {
  return queryOptions({ queryKey: bookingKeys.detail(id), queryFn: () => getBooking(id), gcTime: 0 })
}

/** The booking named by the route's :bookingId. */
export function useBooking() {
  const query = useQuery(bookingQuery(Number(useParams().bookingId)))
  useFailureToast(query.error)
  return query
}
