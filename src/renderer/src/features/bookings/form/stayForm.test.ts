import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { prefilledStayOf, stayDatesOf, stayQueryOf, toStayRange } from './stayForm'

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

describe('prefilledStayOf', () => {
  const prefilled = (query: string) => prefilledStayOf(new URLSearchParams(query))

  it('reads the cabin and the stay the calendar sends', () => {
    expect(prefilled('cabinId=12&from=2026-11-20&to=2026-11-24')).toEqual({
      cabinId: 12,
      dates: { startDate: '2026-11-20', endDate: '2026-11-24' },
    })
  })

  it('opens as if nothing was sent when nothing is', () => {
    expect(prefilled('')).toEqual({})
    expect(prefilled('guestId=3')).toEqual({})
  })

  it('leaves out a cabin id that is not a whole number above 0, and keeps the dates', () => {
    for (const cabinId of ['abc', '', '0', '-3', '1.5', '1e3', ' 7', '0x10', '12abc', '99999999999999999'])
      expect(
        prefilled(`cabinId=${encodeURIComponent(cabinId)}&from=2026-11-20&to=2026-11-24`),
        cabinId,
      ).toEqual({
        dates: { startDate: '2026-11-20', endDate: '2026-11-24' },
      })
  })

  it('leaves out both dates when either is not a real day, and keeps the cabin', () => {
    for (const [from, to] of [
      ['2026-02-30', '2026-03-03'],
      ['2026-11-20', '2026-11-31'],
      ['20-11-2026', '24-11-2026'],
      ['2026-11-20', ''],
      ['tomorrow', '2026-11-24'],
    ])
      expect(prefilled(`cabinId=4&from=${from}&to=${to}`), `${from} ${to}`).toEqual({ cabinId: 4 })
    expect(prefilled('cabinId=4&from=2026-11-20')).toEqual({ cabinId: 4 })
  })

  it('leaves out a stay whose departure is not after its arrival', () => {
    expect(prefilled('cabinId=4&from=2026-11-24&to=2026-11-24')).toEqual({ cabinId: 4 })
    expect(prefilled('cabinId=4&from=2026-11-24&to=2026-11-20')).toEqual({ cabinId: 4 })
  })
})
