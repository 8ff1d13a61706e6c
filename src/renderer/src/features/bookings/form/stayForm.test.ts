import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { stayDatesOf, stayQueryOf, toStayRange } from './stayForm'

const limits = { minBookingLength: 3, maxBookingLength: 90, maxGuestsPerBooking: 8 }
const today = '2026-11-18'
const newStay = { kind: 'new' } as const
const range = toStayRange({ startDate: '2026-11-20', endDate: '2026-11-24' })

describe('stayDatesOf', () => {
  it('reads both picked days as calendar dates', () => {
    expect(stayDatesOf(range)).toEqual({ startDate: '2026-11-20', endDate: '2026-11-24' })
  })

  it('has no stay while a day is missing', () => {
    expect(stayDatesOf(null)).toBeUndefined()
    expect(stayDatesOf([dayjs('2026-11-20'), null])).toBeUndefined()
  })
})

describe('stayQueryOf', () => {
  it('asks for a stay that keeps the rules, with the booking being changed', () => {
    expect(stayQueryOf(range, 2, limits, newStay, today)).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-24',
      numGuests: 2,
      bookingId: undefined,
    })
    const edit = {
      kind: 'unconfirmed',
      original: { startDate: '2026-11-20', endDate: '2026-11-23' },
    } as const
    expect(stayQueryOf(range, 2, limits, edit, today, 7)?.bookingId).toBe(7)
  })

  it('asks nothing for a stay the server would refuse', () => {
    expect(stayQueryOf(range, null, limits, newStay, today)).toBeUndefined()
    expect(stayQueryOf(range, 0, limits, newStay, today)).toBeUndefined()
    expect(stayQueryOf(range, 9, limits, newStay, today)).toBeUndefined()
    const twoNights = toStayRange({ startDate: '2026-11-20', endDate: '2026-11-22' })
    expect(stayQueryOf(twoNights, 2, limits, newStay, today)).toBeUndefined()
    const yesterday = toStayRange({ startDate: '2026-11-17', endDate: '2026-11-21' })
    expect(stayQueryOf(yesterday, 2, limits, newStay, today)).toBeUndefined()
  })
})
