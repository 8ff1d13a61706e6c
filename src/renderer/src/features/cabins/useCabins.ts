import { useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { CABINS_QUERY_KEY } from './queryKeys'
import { getCabins } from './service'

export function useCabins() {
  const query = useQuery({ queryKey: CABINS_QUERY_KEY, queryFn: getCabins })
  useFailureToast(query.error)
  return query
}
