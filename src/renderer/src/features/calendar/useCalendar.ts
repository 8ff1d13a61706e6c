import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { calendarKeys } from './queryKeys'
import { getCalendarCabins, getCalendarWindow } from './service'

export function useCalendarCabins() {
  const query = useQuery({ queryKey: calendarKeys.cabins, queryFn: getCalendarCabins })
  useFailureToast(query.error)
  return query
}

/** The window's stays; moving to another window keeps the last bars on screen, dimmed, until the next arrive. */
export function useCalendarWindow(from: string, days: number) {
  const query = useQuery({
    queryKey: calendarKeys.window(from, days),
    queryFn: () => getCalendarWindow(from, days),
    placeholderData: keepPreviousData,
  })
  useFailureToast(query.error)
  return query
}
