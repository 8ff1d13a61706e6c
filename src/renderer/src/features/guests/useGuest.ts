import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { useFailureToast } from '../../ui/failureToast'
import { guestKeys } from './queryKeys'
import { getGuest, getGuestStays } from './service'

/** The route's :guestId as a number (NaN for anything else: the service calls that not found). */
export function useGuestId(): number {
  return Number(useParams().guestId)
}

/** The guest named by the route; like a booking, gone from the cache once no screen shows it. */
export function useGuest(id: number) {
  const query = useQuery({ queryKey: guestKeys.detail(id), queryFn: () => getGuest(id), gcTime: 0 })
  useFailureToast(query.error)
  return query
}

/** The guest's bookings, newest first. */
export function useGuestStays(id: number) {
  const query = useQuery({ queryKey: guestKeys.stays(id), queryFn: () => getGuestStays(id), gcTime: 0 })
  useFailureToast(query.error)
  return query
}
