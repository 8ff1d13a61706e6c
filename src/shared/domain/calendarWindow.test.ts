import { describe, expect, it } from 'vitest'
import { unpackCalendarWindow, type CalendarWindowAnswer } from './calendarWindow'

const EMPTY: CalendarWindowAnswer = {
  from: '2026-12-28',
  id: [],
  cabinId: [],
  arrival: [],
  numNights: [],
  numGuests: [],
  state: [],
  totalPrice: [],
  guestId: [],
  guests: [],
}

/** Three stays of a window from 28 December: one begun before it, two of the same guest. */
const ANSWER: CalendarWindowAnswer = {
  from: '2026-12-28',
  id: [31, 7, 12],
  cabinId: [1, 1, 2],
  arrival: [-3, 2, 5],
  numNights: [4, 3, 30],
  numGuests: [2, 1, 4],
  // checked-in and paid, unconfirmed, unconfirmed
  state: [3, 0, 0],
  totalPrice: [540, 375.5, 4200],
  guestId: [900, 41, 900],
  guests: [
    { countryFlag: null, id: [41], fullName: ['Lee Park'] },
    { countryFlag: 'https://flagcdn.com/pt.svg', id: [900], fullName: ['Ana Costa'] },
  ],
}

describe('unpackCalendarWindow', () => {
  it('turns the columns into one stay each, in their order, dates counted from the first day', () => {
    expect(unpackCalendarWindow(ANSWER)).toEqual([
      {
        id: 31,
        cabinId: 1,
        startDate: '2026-12-25',
        endDate: '2026-12-29',
        numNights: 4,
        numGuests: 2,
        status: 'checked-in',
        totalPrice: 540,
        isPaid: true,
        guestName: 'Ana Costa',
        countryFlag: 'https://flagcdn.com/pt.svg',
      },
      {
        id: 7,
        cabinId: 1,
        startDate: '2026-12-30',
        endDate: '2027-01-02',
        numNights: 3,
        numGuests: 1,
        status: 'unconfirmed',
        totalPrice: 375.5,
        isPaid: false,
        guestName: 'Lee Park',
        countryFlag: null,
      },
      {
        id: 12,
        cabinId: 2,
        startDate: '2027-01-02',
        endDate: '2027-02-01',
        numNights: 30,
        numGuests: 4,
        status: 'unconfirmed',
        totalPrice: 4200,
        isPaid: false,
        guestName: 'Ana Costa',
        countryFlag: 'https://flagcdn.com/pt.svg',
      },
    ])
  })

  it('orders the stays by cabin, then arrival, whatever order the answer lists them in', () => {
    // The same three stays as the index scan may find them: the second cabin's first, the first
    // cabin's later stay before its earlier one.
    const shuffled = [2, 1, 0]
    const reorder = <T>(column: T[]) => shuffled.map((i) => column[i])
    const stays = unpackCalendarWindow({
      ...ANSWER,
      id: reorder(ANSWER.id),
      cabinId: reorder(ANSWER.cabinId),
      arrival: reorder(ANSWER.arrival),
      numNights: reorder(ANSWER.numNights),
      numGuests: reorder(ANSWER.numGuests),
      state: reorder(ANSWER.state),
      totalPrice: reorder(ANSWER.totalPrice),
      guestId: reorder(ANSWER.guestId),
    })
    expect(stays).toEqual(unpackCalendarWindow(ANSWER))
    expect(stays.map((stay) => stay.id)).toEqual([31, 7, 12])
  })

  it('counts whole calendar days across a change of clocks', () => {
    // Europe's clocks go forward on 29 March 2026: the dates are still one day apart each.
    const [stay] = unpackCalendarWindow({
      ...ANSWER,
      from: '2026-03-27',
      id: [31],
      arrival: [1],
      numNights: [4],
    })
    expect(stay).toMatchObject({ startDate: '2026-03-28', endDate: '2026-04-01' })
  })

  it('answers an empty window with no stays', () => {
    expect(unpackCalendarWindow(EMPTY)).toEqual([])
  })

  it('reads each status with its payment: unconfirmed, checked in, checked out, paid or not', () => {
    const stays = unpackCalendarWindow({ ...ANSWER, state: [1, 2, 5] })
    expect(stays.map(({ status, isPaid }) => `${status} ${isPaid}`)).toEqual([
      'unconfirmed true',
      'checked-in false',
      'checked-out true',
    ])
  })

  it('refuses a stay whose status it cannot read rather than draw it as another', () => {
    // A status the window's SQL does not know answers null; 6 would be cancelled, never in a window.
    for (const state of [null, 6, 8, -1]) {
      expect(
        () => unpackCalendarWindow({ ...ANSWER, state: [3, state as number, 0] }),
        String(state),
      ).toThrow("The calendar's answer has no status for booking 7")
    }
  })

  it('refuses an answer whose stay has no guest in it rather than draw a nameless bar', () => {
    expect(() => unpackCalendarWindow({ ...ANSWER, guestId: [900, 41, 5] })).toThrow(
      "The calendar's answer has no guest for booking 12",
    )
  })
})
