import { describe, expect, it } from 'vitest'
import {
  barFit,
  barPlacement,
  columnOfDate,
  dateAtColumn,
  isStayFree,
  nightsTaken,
  windowDays,
} from './calendarWindow'

// Run also as `TZ=Europe/Lisbon …` and `TZ=America/Sao_Paulo …`: the answers must not change.

describe('the window of days', () => {
  it('names each day with its weekday and date, weekends and today marked', () => {
    const days = windowDays('2026-11-20', 4, '2026-11-22')
    expect(days.map(({ date, weekday, dayOfMonth }) => `${weekday} ${dayOfMonth} ${date}`)).toEqual([
      'Fri 20 2026-11-20',
      'Sat 21 2026-11-21',
      'Sun 22 2026-11-22',
      'Mon 23 2026-11-23',
    ])
    expect(days.map((day) => day.isWeekend)).toEqual([false, true, true, false])
    expect(days.map((day) => day.isToday)).toEqual([false, false, true, false])
  })

  it('keeps every day across the daylight-saving changes of Europe and Brazil', () => {
    // Europe: 25 Oct 2026 has 25 hours, 29 Mar 2026 23.
    expect(windowDays('2026-10-24', 3, '').map((day) => day.date)).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
    ])
    expect(windowDays('2026-03-28', 3, '').map((day) => `${day.weekday} ${day.dayOfMonth}`)).toEqual([
      'Sat 28',
      'Sun 29',
      'Mon 30',
    ])
    // São Paulo, 4 Nov 2018: the clocks went from 00:00 to 01:00, so that day had no midnight.
    expect(
      windowDays('2018-11-03', 3, '').map((day) => `${day.weekday} ${day.dayOfMonth} ${day.date}`),
    ).toEqual(['Sat 3 2018-11-03', 'Sun 4 2018-11-04', 'Mon 5 2018-11-05'])
  })

  it('counts columns in calendar days, whatever the length of the days in between', () => {
    expect(columnOfDate('2026-10-20', '2026-10-30')).toBe(10)
    expect(columnOfDate('2026-03-25', '2026-04-02')).toBe(8)
    expect(columnOfDate('2018-11-01', '2018-11-10')).toBe(9)
    expect(dateAtColumn('2026-10-20', 10)).toBe('2026-10-30')
    expect(dateAtColumn('2018-11-01', 3)).toBe('2018-11-04')
    expect(dateAtColumn('2026-12-25', 10)).toBe('2027-01-04')
  })
})

describe('a stay in the window', () => {
  it('runs from the middle of its arrival day to the middle of its departure day', () => {
    expect(barPlacement({ startDate: '2026-11-18', endDate: '2026-11-21' }, '2026-11-16', 14)).toEqual({
      startHalf: 5,
      endHalf: 11,
      isCutAtStart: false,
      isCutAtEnd: false,
    })
  })

  it('sits beside the next stay when one leaves on the day the other arrives', () => {
    const leaving = barPlacement({ startDate: '2026-11-16', endDate: '2026-11-19' }, '2026-11-16', 14)
    const arriving = barPlacement({ startDate: '2026-11-19', endDate: '2026-11-20' }, '2026-11-16', 14)
    expect(leaving!.endHalf).toBe(7)
    expect(arriving!.startHalf).toBe(7)
  })

  it('is cut flat at the edges of the window', () => {
    expect(barPlacement({ startDate: '2026-11-10', endDate: '2026-11-18' }, '2026-11-16', 14)).toEqual({
      startHalf: 0,
      endHalf: 5,
      isCutAtStart: true,
      isCutAtEnd: false,
    })
    expect(barPlacement({ startDate: '2026-11-28', endDate: '2026-12-05' }, '2026-11-16', 14)).toEqual({
      startHalf: 25,
      endHalf: 28,
      isCutAtStart: false,
      isCutAtEnd: true,
    })
    expect(barPlacement({ startDate: '2026-11-01', endDate: '2026-12-31' }, '2026-11-16', 14)).toEqual({
      startHalf: 0,
      endHalf: 28,
      isCutAtStart: true,
      isCutAtEnd: true,
    })
  })

  it('shows the morning of a departure on the first day, and an arrival on the last day as its evening', () => {
    expect(barPlacement({ startDate: '2026-11-10', endDate: '2026-11-16' }, '2026-11-16', 14)).toMatchObject({
      startHalf: 0,
      endHalf: 1,
    })
    expect(barPlacement({ startDate: '2026-11-29', endDate: '2026-12-02' }, '2026-11-16', 14)).toMatchObject({
      startHalf: 27,
      endHalf: 28,
    })
  })

  it('is not drawn when it lies wholly outside the window', () => {
    expect(barPlacement({ startDate: '2026-11-01', endDate: '2026-11-15' }, '2026-11-16', 14)).toBeNull()
    expect(barPlacement({ startDate: '2026-11-30', endDate: '2026-12-03' }, '2026-11-16', 14)).toBeNull()
  })

  it('keeps its length across a daylight-saving change', () => {
    const stay = { startDate: '2026-10-24', endDate: '2026-10-27' }
    const placed = barPlacement(stay, '2026-10-20', 14)!
    expect(placed.endHalf - placed.startHalf).toBe(6)
    const brazil = barPlacement({ startDate: '2018-11-03', endDate: '2018-11-05' }, '2018-11-01', 14)!
    expect([brazil.startHalf, brazil.endHalf]).toEqual([5, 9])
  })
})

describe('occupancy and free nights', () => {
  const stays = [
    { id: 1, cabinId: 1, startDate: '2026-11-16', endDate: '2026-11-18' },
    { id: 2, cabinId: 1, startDate: '2026-11-18', endDate: '2026-11-19' },
    { id: 3, cabinId: 2, startDate: '2026-11-10', endDate: '2026-11-17' },
    { id: 4, cabinId: 3, startDate: '2026-11-19', endDate: '2026-11-25' },
  ]

  it('counts the cabins taken each night; a departure day is free', () => {
    expect(nightsTaken(stays, '2026-11-16', 4)).toEqual([2, 1, 1, 1])
  })

  it('finds a stay free only when no other stay in its cabin holds one of its nights', () => {
    const inCabinOne = (startDate: string, endDate: string) => ({ cabinId: 1, startDate, endDate })
    expect(isStayFree(stays, inCabinOne('2026-11-19', '2026-11-23'))).toBe(true)
    expect(isStayFree(stays, inCabinOne('2026-11-14', '2026-11-16'))).toBe(true)
    expect(isStayFree(stays, inCabinOne('2026-11-15', '2026-11-17'))).toBe(false)
    expect(isStayFree(stays, inCabinOne('2026-11-18', '2026-11-19'))).toBe(false)
    expect(isStayFree(stays, { cabinId: 2, startDate: '2026-11-18', endDate: '2026-11-19' })).toBe(true)
  })

  it('leaves the moved stay out of its own way', () => {
    expect(isStayFree(stays, { cabinId: 1, startDate: '2026-11-17', endDate: '2026-11-18' }, 1)).toBe(true)
    expect(isStayFree(stays, { cabinId: 1, startDate: '2026-11-17', endDate: '2026-11-19' }, 1)).toBe(false)
  })
})

describe('what a bar has room for', () => {
  // 10 px a rem, as the app's root font size is; a 31-day window at 1440 px gives days of ~37 px.
  const REM = 10
  const placed = (startHalf: number, endHalf: number, isCutAtStart = false) => ({
    startHalf,
    endHalf,
    isCutAtStart,
    isCutAtEnd: false,
  })

  it('shows the nights only past 12rem of room inside its padding and arrival edge', () => {
    // 4 nights of 37 px: 148 − 16 − 3 = 129 px of room.
    expect(barFit(placed(1, 9), 37, REM)).toEqual({ hasFlag: true, hasNights: true })
    // 3.5 nights: 129.5 − 19 = 110.5 px, the name and flag only.
    expect(barFit(placed(1, 8), 37, REM)).toEqual({ hasFlag: true, hasNights: false })
    // Exactly 12rem of room is not enough (the container query hid the nights at max-width 12rem).
    expect(barFit(placed(0, 2), 139, REM).hasNights).toBe(false)
    expect(barFit(placed(0, 2), 139.5, REM).hasNights).toBe(true)
  })

  it('counts no arrival edge for a stay cut at the window’s start', () => {
    expect(barFit(placed(0, 2, true), 136, REM).hasNights).toBe(false)
    expect(barFit(placed(0, 2, true), 136.5, REM).hasNights).toBe(true)
  })

  it('drops the flag past 4rem, in rems of the root font size', () => {
    // One night of 37 px: 37 − 19 = 18 px, the name alone.
    expect(barFit(placed(1, 3), 37, REM)).toEqual({ hasFlag: false, hasNights: false })
    // Half a day of 120 px: 60 − 19 = 41 px, room for the flag at 10 px a rem, not at 16.
    expect(barFit(placed(0, 1), 120, REM).hasFlag).toBe(true)
    expect(barFit(placed(0, 1), 120, 16).hasFlag).toBe(false)
  })

  it('shows everything until the grid is laid out', () => {
    expect(barFit(placed(1, 3), undefined, REM)).toEqual({ hasFlag: true, hasNights: true })
  })
})
