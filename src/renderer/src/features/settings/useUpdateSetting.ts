import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { toastFailure } from '../../ui/failureToast'
import { updateSettings, type SettingsPatch } from './service'
import { SETTINGS_QUERY_KEY } from './useSettings'

export function useUpdateSetting() {
  const queryClient = useQueryClient()
  const { mutate: updateSetting, isPending: isUpdating } = useMutation({
    mutationFn: (patch: SettingsPatch) => updateSettings(patch),
    onSuccess: (settings) => {
      toast.success('Setting edited successfully')
      queryClient.setQueryData(SETTINGS_QUERY_KEY, settings)
    },
    onError: (error) => toastFailure(error),
  })
  return { updateSetting, isUpdating }
}
