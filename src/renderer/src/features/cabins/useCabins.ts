import { useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { getCabins } from './service'

export const CABINS_QUERY_KEY = ['cabins'] as const

export function useCabins() {
  const query = useQuery({ queryKey: CABINS_QUERY_KEY, queryFn: getCabins })
  useFailureToast(query.error)
  return query
}
