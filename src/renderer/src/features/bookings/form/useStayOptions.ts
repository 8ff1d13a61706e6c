import { useQuery } from '@tanstack/react-query'
import { today } from '@shared/clock'
import { useFailureToast } from '../../../ui/failureToast'
import { bookingKeys } from '../queryKeys'
import { getFreeCabins, getStaySuggestions, type StayQuery } from './service'

/**
 * The cabins free for every night of the stay, asked once its dates and guests keep the rules
 * (undefined until then); when none is, the nearest stays of the same length that have some.
 */
export function useStayOptions(stay: StayQuery | undefined) {
  const freeCabins = useQuery({
    queryKey: bookingKeys.freeCabins(stay),
    queryFn: () => getFreeCabins(stay!),
    enabled: stay !== undefined,
  })
  const noneFree = freeCabins.data?.length === 0
  const suggestions = useQuery({
    queryKey: [...bookingKeys.freeCabins(stay), 'suggestions'],
    queryFn: () => getStaySuggestions(stay!, today()),
    enabled: stay !== undefined && noneFree,
  })
  useFailureToast(freeCabins.error)
  useFailureToast(suggestions.error)
  return { freeCabins, suggestions }
}
