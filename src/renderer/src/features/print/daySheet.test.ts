import { describe, expect, it } from 'vitest'
import type { BookingStatus } from '@shared/domain/bookings'
import type { DayStay } from '../bookings/types'
import { daySheetOf, isEmptySheet } from './daySheet'

const DAY = '2026-11-18'

let nextId = 1
function stay(status: BookingStatus, startDate: string, endDate: string, cabin = '001'): DayStay {
  const id = nextId++
  return {
    id,
    startDate,
    endDate,
    numNights: 2,
    numGuests: 2,
    status,
    hasBreakfast: false,
    isPaid: false,
    observations: null,
    cabins: { name: cabin },
    guests: { fullName: `Guest ${id}` },
  }
}

const ids = (lines: { id: number }[]) => lines.map((line) => line.id)

describe('daySheetOf', () => {
  it('lists the Today panel’s departures and arrivals, ticking those already done', () => {
    const leaving = stay('checked-in', '2026-11-15', DAY)
    const left = stay('checked-out', '2026-11-16', DAY)
    const coming = stay('unconfirmed', DAY, '2026-11-20')
    const came = stay('checked-in', DAY, '2026-11-19')
    const sheet = daySheetOf([leaving, left, coming, came], DAY)
    expect(sheet.departures.map(({ id, isDone }) => [id, isDone])).toEqual([
      [leaving.id, false],
      [left.id, true],
    ])
    expect(sheet.arrivals.map(({ id, isDone }) => [id, isDone])).toEqual([
      [coming.id, false],
      [came.id, true],
    ])
  })

  it('counts in house tonight everyone sleeping here: checked in and staying on, or expected today', () => {
    const stayingOn = stay('checked-in', '2026-11-16', '2026-11-21')
    const expected = stay('unconfirmed', DAY, '2026-11-20')
    const arrived = stay('checked-in', DAY, '2026-11-19')
    const leavingToday = stay('checked-in', '2026-11-15', DAY)
    const neverCame = stay('unconfirmed', '2026-11-17', '2026-11-19')
    const gone = stay('checked-out', '2026-11-15', DAY)
    const sheet = daySheetOf([stayingOn, expected, arrived, leavingToday, neverCame, gone], DAY)
    expect(ids(sheet.inHouse).sort()).toEqual([stayingOn.id, expected.id, arrived.id].sort())
    expect(sheet.inHouse.every((line) => !line.isDone)).toBe(true)
    // The stay that never arrived is on no list: it is neither leaving nor coming today.
    const all = [...sheet.departures, ...sheet.arrivals, ...sheet.inHouse]
    expect(ids(all)).not.toContain(neverCame.id)
  })

  it('leaves out an unconfirmed stay ending today (nobody came) and one checked out before its end', () => {
    const sheet = daySheetOf(
      [stay('unconfirmed', '2026-11-16', DAY), stay('checked-out', '2026-11-17', '2026-11-20')],
      DAY,
    )
    expect(isEmptySheet(sheet)).toBe(true)
  })

  it('orders each list by cabin number, as the desk walks them', () => {
    const ten = stay('checked-in', '2026-11-16', '2026-11-21', '010')
    const two = stay('checked-in', '2026-11-16', '2026-11-21', '002')
    const nine = stay('checked-in', '2026-11-16', '2026-11-21', '9')
    expect(ids(daySheetOf([ten, two, nine], DAY).inHouse)).toEqual([two.id, nine.id, ten.id])
  })

  it('carries what the desk must know onto each line', () => {
    const booking = {
      ...stay('unconfirmed', DAY, '2026-11-21', '004'),
      numNights: 3,
      numGuests: 4,
      hasBreakfast: true,
      isPaid: true,
      observations: 'Late arrival',
    }
    expect(daySheetOf([booking], DAY).arrivals).toEqual([
      {
        id: booking.id,
        cabinName: '004',
        guestName: booking.guests!.fullName,
        numNights: 3,
        numGuests: 4,
        hasBreakfast: true,
        isPaid: true,
        observations: 'Late arrival',
        isDone: false,
      },
    ])
  })
})
