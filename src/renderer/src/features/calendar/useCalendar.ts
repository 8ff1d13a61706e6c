import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useFailureToast } from '../../ui/failureToast'
import { calendarCabinsQuery, calendarWindowQuery } from './calendarQuery'

// The route's loader has asked as the route opened (prefetchCalendar): asking again as the page
// mounts would be a second call for the same answer. Without an answer the page still asks.
const askedByTheLoader = { refetchOnMount: false } as const

export function useCalendarCabins() {
  const query = useQuery({ ...calendarCabinsQuery(), ...askedByTheLoader })
  useFailureToast(query.error)
  return query
}

/** The window's stays; moving to another window keeps the last bars on screen, dimmed, until the next arrive. */
export function useCalendarWindow(from: string, days: number) {
  const query = useQuery({
    ...calendarWindowQuery(from, days),
    ...askedByTheLoader,
    placeholderData: keepPreviousData,
  })
  useFailureToast(query.error)
  return query
}
