import { useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { getSettings } from './service'

export const SETTINGS_QUERY_KEY = ['settings'] as const

/** The business-wide settings; a failed load shows "Settings could not be loaded" once. */
export function useSettings() {
  const query = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: getSettings })
  useFailureToast(query.error)
  return query
}
