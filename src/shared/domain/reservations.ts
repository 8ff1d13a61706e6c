/**
 * The stay rules of the booking form (issue 16), in the very sentences the database raises, so the
 * form and the server never word one rule two ways. Limits come from the settings and the cabin.
 */
import { breakfastCost } from './breakfast'
import { daysBetween } from './format'

export const MAX_OBSERVATIONS_LENGTH = 2000

export const DEPARTURE_AFTER_ARRIVAL_MESSAGE = 'The departure must be after the arrival'
export const ARRIVAL_BEFORE_TODAY_MESSAGE = 'The arrival cannot be before today'
export const DEPARTURE_BEFORE_TODAY_MESSAGE = 'The departure cannot be before today'
export const NO_GUESTS_MESSAGE = 'A booking needs at least one guest'
export const BEYOND_HORIZON_MESSAGE = 'Bookings can be made at most 2 years ahead'
export const OBSERVATIONS_TOO_LONG_MESSAGE = `Observations can have at most ${MAX_OBSERVATIONS_LENGTH} characters`

export const stayLengthMessage = (min: number, max: number) =>
  `A booking must last between ${min} and ${max} nights`
export const tooManyGuestsMessage = (max: number) => `A booking can have at most ${max} guests`
export const cabinTooSmallMessage = (capacity: number) => `This cabin fits at most ${capacity} guests`

/** The settings that bound a stay. */
export interface StayLimits {
  minBookingLength: number
  maxBookingLength: number
  maxGuestsPerBooking: number
}

export interface StayDates {
  startDate: string
  endDate: string
}

/**
 * What is being decided: a new booking, an unconfirmed one (everything may change) or a checked-in
 * one (only its departure may). `original` is the stay as stored, for the two changes.
 */
export type StayEdit = { kind: 'new' } | { kind: 'unconfirmed' | 'checked-in'; original: StayDates }

export function stayNights({ startDate, endDate }: StayDates): number {
  return daysBetween(startDate, endDate)
}

/**
 * The last departure the desk may book: 2 years after its day, as PostgreSQL adds an interval of
 * years (29 February becomes 28 February).
 */
export function bookingHorizon(today: string): string {
  const [year, month, day] = today.split('-').map(Number)
  const lastDay = new Date(Date.UTC(year + 2, month, 0)).getUTCDate()
  return `${year + 2}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}

/** The first rule the dates break, or undefined. `today` is the desk's day (clock.today()). */
export function stayDatesError(
  stay: StayDates,
  limits: StayLimits,
  edit: StayEdit,
  today: string,
): string | undefined {
  const nights = stayNights(stay)
  if (nights < 1) return DEPARTURE_AFTER_ARRIVAL_MESSAGE
  // A date kept as stored is never refused for being past: only a newly chosen one is.
  const changed = (date: 'startDate' | 'endDate') => edit.kind === 'new' || stay[date] !== edit.original[date]
  const beyondHorizon = changed('endDate') && stay.endDate > bookingHorizon(today)
  if (edit.kind === 'checked-in') {
    // A guest who is staying may leave early or stay on: the limits are for booking, not for leaving.
    if (changed('endDate') && stay.endDate < today) return DEPARTURE_BEFORE_TODAY_MESSAGE
    return beyondHorizon ? BEYOND_HORIZON_MESSAGE : undefined
  }
  if (changed('startDate') && stay.startDate < today) return ARRIVAL_BEFORE_TODAY_MESSAGE
  if (beyondHorizon) return BEYOND_HORIZON_MESSAGE
  if (nights < limits.minBookingLength || nights > limits.maxBookingLength)
    return stayLengthMessage(limits.minBookingLength, limits.maxBookingLength)
  return undefined
}

/** The first rule the number of guests breaks, or undefined; the cabin's capacity once one is chosen. */
export function numGuestsError(
  numGuests: number,
  limits: StayLimits,
  cabinCapacity?: number,
): string | undefined {
  if (!Number.isInteger(numGuests) || numGuests < 1) return NO_GUESTS_MESSAGE
  if (cabinCapacity !== undefined && numGuests > cabinCapacity) return cabinTooSmallMessage(cabinCapacity)
  if (numGuests > limits.maxGuestsPerBooking) return tooManyGuestsMessage(limits.maxGuestsPerBooking)
  return undefined
}

export function observationsError(observations: string): string | undefined {
  return observations.length > MAX_OBSERVATIONS_LENGTH ? OBSERVATIONS_TOO_LONG_MESSAGE : undefined
}

export interface StayPrices {
  cabinPrice: number
  extrasPrice: number
  totalPrice: number
}

/**
 * The prices the database will store (quote_stay): the cabin's price for the stay as free_cabins gave
 * it, plus breakfast × nights × guests when taken. The total is what the form sends as the expected one.
 */
export function stayPrices(
  cabinPrice: number,
  breakfast: { hasBreakfast: boolean; breakfastPrice: number; numNights: number; numGuests: number },
): StayPrices {
  const extrasPrice = breakfast.hasBreakfast ? breakfastCost(breakfast.breakfastPrice, breakfast) : 0
  return { cabinPrice, extrasPrice, totalPrice: Math.round((cabinPrice + extrasPrice) * 100) / 100 }
}

/** What decides a booking's prices: when none of it changes, the booking keeps the prices it has. */
export interface PricedStay extends StayDates {
  cabinId: number
  numGuests: number
  hasBreakfast: boolean
}

export function isSamePricedStay(a: PricedStay, b: PricedStay): boolean {
  return (
    a.cabinId === b.cabinId &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.numGuests === b.numGuests &&
    a.hasBreakfast === b.hasBreakfast
  )
}
