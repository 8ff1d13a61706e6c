import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { today } from '@shared/clock'
import { parseWindowParams, searchWithWindow, type CalendarWindowParams } from './windowParams'

/**
 * The calendar's window as the URL holds it (`?from=YYYY-MM-DD&days=14|31`), and a way to move it
 * (each move is a step of history). A missing or invalid value shows the default, and the URL is
 * corrected in place to say so.
 */
export function useWindowParams(): [CalendarWindowParams, (next: CalendarWindowParams) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const { from, days, isCorrected } = parseWindowParams(searchParams, today())

  const setWindow = useCallback(
    (next: CalendarWindowParams, options?: { replace?: boolean }) =>
      setSearchParams((previous) => searchWithWindow(previous, next), options),
    [setSearchParams],
  )

  useEffect(() => {
    if (isCorrected) setWindow({ from, days }, { replace: true })
  }, [isCorrected, from, days, setWindow])

  return [{ from, days }, setWindow]
}
