import dayjs, { type Dayjs } from 'dayjs'
import {
  numGuestsError,
  stayDatesError,
  type StayDates,
  type StayEdit,
  type StayLimits,
} from '@shared/domain/reservations'
import { isCalendarDate } from '@shared/domain/format'
import type { StayQuery } from './service'

/** The range picker's value: arrival and departure as calendar days. */
export type StayRange = [Dayjs | null, Dayjs | null] | null | undefined

const ISO_DATE = 'YYYY-MM-DD'

/** A stay another screen starts the form with: the calendar's free days in one cabin's row. */
export interface PrefilledStay {
  cabinId?: number
  dates?: StayDates
}

/**
 * The stay sent along as `?cabinId=N&from=YYYY-MM-DD&to=YYYY-MM-DD`. What is not valid is left out, so
 * the form opens as if it had not been sent: a cabin id that is not a whole number above 0, and both
 * dates (a stay needs the two) when either is not a real day or the departure is not after the arrival.
 */
export function prefilledStayOf(params: URLSearchParams): PrefilledStay {
  const prefilled: PrefilledStay = {}
  const cabinId = params.get('cabinId') ?? ''
  if (/^[1-9]\d{0,14}$/.test(cabinId)) prefilled.cabinId = Number(cabinId)
  const [startDate, endDate] = [params.get('from'), params.get('to')]
  if (isCalendarDate(startDate) && isCalendarDate(endDate) && startDate < endDate)
    prefilled.dates = { startDate, endDate }
  return prefilled
}

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
