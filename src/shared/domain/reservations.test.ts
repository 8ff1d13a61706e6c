import { describe, expect, it } from 'vitest'
import {
  ARRIVAL_BEFORE_TODAY_MESSAGE,
  BEYOND_HORIZON_MESSAGE,
  bookingHorizon,
  DEPARTURE_AFTER_ARRIVAL_MESSAGE,
  DEPARTURE_BEFORE_TODAY_MESSAGE,
  NO_GUESTS_MESSAGE,
  OBSERVATIONS_TOO_LONG_MESSAGE,
  numGuestsError,
  isSamePricedStay,
  observationsError,
  stayDatesError,
  stayNights,
  stayPrices,
} from './reservations'

const limits = { minBookingLength: 3, maxBookingLength: 90, maxGuestsPerBooking: 8 }
const today = '2026-11-18'
const newStay = { kind: 'new' } as const

describe('stayNights', () => {
  it('counts the nights between arrival and departure', () => {
    expect(stayNights({ startDate: '2026-11-18', endDate: '2026-11-25' })).toBe(7)
    // Across the end of daylight saving time, still whole nights.
    expect(stayNights({ startDate: '2026-10-24', endDate: '2026-10-27' })).toBe(3)
  })
})

describe('stayDatesError', () => {
  it('accepts a stay within the settings, from today on', () => {
    expect(
      stayDatesError({ startDate: today, endDate: '2026-11-21' }, limits, newStay, today),
    ).toBeUndefined()
    expect(
      stayDatesError({ startDate: today, endDate: '2027-02-16' }, limits, newStay, today),
    ).toBeUndefined()
  })

  it('wants the departure after the arrival', () => {
    expect(stayDatesError({ startDate: '2026-11-20', endDate: '2026-11-20' }, limits, newStay, today)).toBe(
      DEPARTURE_AFTER_ARRIVAL_MESSAGE,
    )
    expect(stayDatesError({ startDate: '2026-11-20', endDate: '2026-11-19' }, limits, newStay, today)).toBe(
      DEPARTURE_AFTER_ARRIVAL_MESSAGE,
    )
  })

  it("bounds the nights by the settings, in the server's words", () => {
    const message = 'A booking must last between 3 and 90 nights'
    expect(stayDatesError({ startDate: today, endDate: '2026-11-20' }, limits, newStay, today)).toBe(message)
    expect(stayDatesError({ startDate: today, endDate: '2027-02-17' }, limits, newStay, today)).toBe(message)
    expect(
      stayDatesError(
        { startDate: today, endDate: '2026-11-19' },
        { ...limits, minBookingLength: 1 },
        newStay,
        today,
      ),
    ).toBeUndefined()
  })

  it('refuses a new arrival before the desk day', () => {
    expect(stayDatesError({ startDate: '2026-11-17', endDate: '2026-11-21' }, limits, newStay, today)).toBe(
      ARRIVAL_BEFORE_TODAY_MESSAGE,
    )
  })

  it("books at most 2 years ahead, in the server's words", () => {
    expect(bookingHorizon(today)).toBe('2028-11-18')
    // As PostgreSQL adds 2 years: 29 February becomes 28 February.
    expect(bookingHorizon('2028-02-29')).toBe('2030-02-28')
    expect(
      stayDatesError({ startDate: '2028-11-15', endDate: '2028-11-18' }, limits, newStay, today),
    ).toBeUndefined()
    expect(stayDatesError({ startDate: '2028-11-15', endDate: '2028-11-19' }, limits, newStay, today)).toBe(
      BEYOND_HORIZON_MESSAGE,
    )
    const original = { startDate: '2026-11-16', endDate: '2026-11-20' }
    expect(
      stayDatesError({ ...original, endDate: '2028-11-19' }, limits, { kind: 'checked-in', original }, today),
    ).toBe(BEYOND_HORIZON_MESSAGE)
    expect(BEYOND_HORIZON_MESSAGE).toBe('Bookings can be made at most 2 years ahead')
  })

  it('lets an unconfirmed booking keep its past arrival, but not move to another past one', () => {
    const original = { startDate: '2026-11-16', endDate: '2026-11-20' }
    const edit = { kind: 'unconfirmed', original } as const
    expect(stayDatesError({ ...original, endDate: '2026-11-22' }, limits, edit, today)).toBeUndefined()
    expect(stayDatesError({ startDate: '2026-11-17', endDate: '2026-11-22' }, limits, edit, today)).toBe(
      ARRIVAL_BEFORE_TODAY_MESSAGE,
    )
  })

  it('lets a checked-in stay end today or later, never before, however short it becomes', () => {
    const original = { startDate: '2026-11-16', endDate: '2026-11-20' }
    const edit = { kind: 'checked-in', original } as const
    expect(stayDatesError({ ...original, endDate: today }, limits, edit, today)).toBeUndefined()
    expect(stayDatesError({ ...original, endDate: '2026-11-17' }, limits, edit, today)).toBe(
      DEPARTURE_BEFORE_TODAY_MESSAGE,
    )
    // An overdue stay can still have its payment or observations changed.
    const overdue = { startDate: '2026-11-10', endDate: '2026-11-17' }
    expect(stayDatesError(overdue, limits, { kind: 'checked-in', original: overdue }, today)).toBeUndefined()
  })
})

describe('numGuestsError', () => {
  it('wants at least one whole guest', () => {
    expect(numGuestsError(0, limits)).toBe(NO_GUESTS_MESSAGE)
    expect(numGuestsError(Number.NaN, limits)).toBe(NO_GUESTS_MESSAGE)
    expect(numGuestsError(1, limits)).toBeUndefined()
  })

  it('caps the guests by the settings and by the chosen cabin', () => {
    expect(numGuestsError(8, limits)).toBeUndefined()
    expect(numGuestsError(9, limits)).toBe('A booking can have at most 8 guests')
    expect(numGuestsError(5, limits, 4)).toBe('This cabin fits at most 4 guests')
    expect(numGuestsError(4, limits, 4)).toBeUndefined()
  })
})

describe('observationsError', () => {
  it('allows 2000 characters, not one more', () => {
    expect(observationsError('x'.repeat(2000))).toBeUndefined()
    expect(observationsError('x'.repeat(2001))).toBe(OBSERVATIONS_TOO_LONG_MESSAGE)
    expect(OBSERVATIONS_TOO_LONG_MESSAGE).toBe('Observations can have at most 2000 characters')
  })
})

describe('stayPrices', () => {
  it('adds breakfast × nights × guests to the cabin price when taken', () => {
    const stay = { breakfastPrice: 15, numNights: 7, numGuests: 2 }
    expect(stayPrices(1750, { ...stay, hasBreakfast: true })).toEqual({
      cabinPrice: 1750,
      extrasPrice: 210,
      totalPrice: 1960,
    })
    expect(stayPrices(1750, { ...stay, hasBreakfast: false })).toEqual({
      cabinPrice: 1750,
      extrasPrice: 0,
      totalPrice: 1750,
    })
  })

  it('keeps whole cents', () => {
    expect(
      stayPrices(100.1, { hasBreakfast: true, breakfastPrice: 12.1, numNights: 3, numGuests: 1 }).totalPrice,
    ).toBe(136.4)
  })
})

describe('isSamePricedStay', () => {
  const stay = {
    cabinId: 3,
    startDate: '2026-11-20',
    endDate: '2026-11-24',
    numGuests: 2,
    hasBreakfast: false,
  }

  it('is the same stay only when cabin, dates, guests and breakfast all are', () => {
    expect(isSamePricedStay(stay, { ...stay })).toBe(true)
    expect(isSamePricedStay(stay, { ...stay, cabinId: 4 })).toBe(false)
    expect(isSamePricedStay(stay, { ...stay, endDate: '2026-11-25' })).toBe(false)
    expect(isSamePricedStay(stay, { ...stay, numGuests: 3 })).toBe(false)
    expect(isSamePricedStay(stay, { ...stay, hasBreakfast: true })).toBe(false)
  })
})
