import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  formatCurrency,
  formatDistanceFromToday,
  formatPercent,
  formatStayDate,
  isCalendarDate,
  plural,
} from './format'

describe('plural', () => {
  it('counts one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'guest')).toBe('1 guest')
    expect(plural(2, 'guest')).toBe('2 guests')
    expect(plural(0, 'night')).toBe('0 nights')
  })
})

describe('formatCurrency', () => {
  it('shows US dollars in English locale', () => {
    expect(formatCurrency(1065)).toBe('$1,065.00')
    expect(formatCurrency(0)).toBe('$0.00')
    expect(formatCurrency(12.5)).toBe('$12.50')
  })
})

describe('formatPercent', () => {
  it('rounds an exact share once, to a whole percent', () => {
    // 33 nights of 161: 20.497 %, which a share rounded to four decimals first (0.2050) made 21 %.
    expect(formatPercent(33 / 161)).toBe('20%')
    expect(formatPercent(0.285)).toBe('29%')
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(1)).toBe('100%')
  })
})

describe('calendar dates', () => {
  it('counts days across month and daylight-saving boundaries', () => {
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5)
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2)
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('tells a real YYYY-MM-DD day from anything else', () => {
    for (const day of ['2026-11-18', '2028-02-29', '2026-12-31']) expect(isCalendarDate(day), day).toBe(true)
    for (const value of [
      null,
      undefined,
      '',
      '2027-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '2026-11-18T00:00',
      ' 2026-11-18',
      'tomorrow',
    ])
      expect(isCalendarDate(value), String(value)).toBe(false)
  })

  it('formats a stay date without shifting it by the time zone', () => {
    expect(formatStayDate('2026-06-15')).toBe('Mon, Jun 15, 2026')
  })
})

describe('formatDistanceFromToday', () => {
  const today = '2026-11-22'
  it('says Today for today', () => expect(formatDistanceFromToday(today, today)).toBe('Today'))
  it('uses "In" for the future and "ago" for the past, never "about"', () => {
    expect(formatDistanceFromToday('2026-11-25', today)).toBe('In 3 days')
    expect(formatDistanceFromToday('2026-11-19', today)).toBe('3 days ago')
    expect(formatDistanceFromToday('2026-11-23', today)).toBe('In 1 day')
    expect(formatDistanceFromToday('2027-01-22', today)).toBe('In 2 months')
    expect(formatDistanceFromToday('2024-11-22', today)).toBe('2 years ago')
  })
})
