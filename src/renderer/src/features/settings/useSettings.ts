import { useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { getSettings } from './service'

export const SETTINGS_QUERY_KEY = ['settings'] as const

/** The business-wide settings; a failed load shows "Settings could not be loaded" once. */
export function useSettings() {
  const {
    data: settings,
    isPending,
    error,
  } = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: getSettings })
  useFailureToast(error)
  return { settings, isLoading: isPending, error }
}
