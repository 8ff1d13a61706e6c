import { useQuery } from '@tanstack/react-query'
import { today as deskToday } from '@shared/clock'
import { bookingKeys } from '../bookings/queryKeys'
import { getStaysOnDay } from '../bookings/service'
import { useFailureToast } from '../../ui/failureToast'
import { daySheetOf } from './daySheet'

/** Today's departures, arrivals and guests in house tonight, sorted for the sheet. */
export function useDaySheet() {
  const day = deskToday()
  const query = useQuery({
    queryKey: bookingKeys.day(day),
    queryFn: () => getStaysOnDay(day),
    select: (stays) => daySheetOf(stays, day),
  })
  useFailureToast(query.error)
  return { day, query }
}
