import { useQuery } from '@tanstack/react-query'
import { usePlatform } from '../../app/PlatformContext'
import { DESK_STATUS_QUERY_KEY, deskStatus, type DeskStatus } from './ownerService'

/**
 * The desktop backend's word on its data folder (first run, demo); undefined until it answers. Web
 * mode never asks: its server has neither.
 */
export function useDeskStatus(): DeskStatus | undefined {
  const platform = usePlatform()
  const { data } = useQuery({
    queryKey: DESK_STATUS_QUERY_KEY,
    queryFn: deskStatus,
    enabled: platform.kind === 'electron',
  })
  return data
}
