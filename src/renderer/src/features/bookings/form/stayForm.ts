import dayjs, { type Dayjs } from 'dayjs'
import {
  numGuestsError,
  stayDatesError,
  type StayDates,
  type StayEdit,
  type StayLimits,
} from '@shared/domain/reservations'
import type { StayQuery } from './service'

/** The range picker's value: arrival and departure as calendar days. */
export type StayRange = [Dayjs | null, Dayjs | null] | null | undefined

const ISO_DATE = 'YYYY-MM-DD'

export function toStayRange({ startDate, endDate }: StayDates): [Dayjs, Dayjs] {
  return [dayjs(startDate, ISO_DATE), dayjs(endDate, ISO_DATE)]
}

/** Both days picked, as YYYY-MM-DD; undefined while one is missing. */
export function stayDatesOf(range: StayRange): StayDates | undefined {
  const [start, end] = range ?? []
  if (!start || !end) return undefined
  return { startDate: start.format(ISO_DATE), endDate: end.format(ISO_DATE) }
}

/**
 * The stay to look for free cabins for, once its dates and guests keep every rule that does not
 * depend on the cabin; undefined until then (nothing is asked of the server for a stay it would refuse).
 */
export function stayQueryOf(
  range: StayRange,
  numGuests: number | null | undefined,
  limits: StayLimits,
  edit: StayEdit,
  today: string,
  bookingId?: number,
): StayQuery | undefined {
  const dates = stayDatesOf(range)
  if (!dates || numGuests == null) return undefined
  if (stayDatesError(dates, limits, edit, today) || numGuestsError(numGuests, limits)) return undefined
  return { ...dates, numGuests, bookingId }
}
