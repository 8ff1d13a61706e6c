import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { useFailureToast } from '../../ui/failureToast'
import { bookingKeys } from './queryKeys'
import { getBooking } from './service'

/**
 * The booking named by the route's :bookingId (a missing one is not retried: see queryClient). A
 * booking leaves the cache as soon as no screen shows it: one deleted meanwhile (here or at another
 * desk) is never shown again from memory.
 */
export function useBooking() {
  const id = Number(useParams().bookingId)
  const query = useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: () => getBooking(id),
    gcTime: 0,
  })
  useFailureToast(query.error)
  return query
}
