import { useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { getCabins } from './service'

export const CABINS_QUERY_KEY = ['cabins'] as const

export function useCabins() {
  const { data: cabins, isPending, error } = useQuery({ queryKey: CABINS_QUERY_KEY, queryFn: getCabins })
  useFailureToast(error)
  return { cabins, isLoading: isPending, error }
}
