import { describe, expect, it } from 'vitest'
import {
  canBeCancelled,
  canBeDeleted,
  parseBookingStatus,
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  BOOKING_SORT_OPTIONS,
  BOOKING_STATUS_FILTERS,
  DEFAULT_BOOKING_SORT,
  DEFAULT_BOOKING_STATUS_FILTER,
  formatShortStayDate,
  nightsLabel,
  pageCount,
  pageRowRange,
  parsePage,
  parseSortBy,
  showingResultsText,
} from './bookings'

describe('bookings filter and sort options', () => {
  it('offers the spec labels in order, with its defaults', () => {
    expect(BOOKING_STATUS_FILTERS.map((option) => option.label)).toEqual([
      'All',
      'Checked out',
      'Checked in',
      'Unconfirmed',
      'Cancelled',
    ])
    expect(DEFAULT_BOOKING_STATUS_FILTER).toBe('all')
    expect(BOOKING_SORT_OPTIONS).toEqual([
      { value: 'startDate-desc', label: 'Sort by date (recent first)' },
      { value: 'startDate-asc', label: 'Sort by date (earlier first)' },
      { value: 'totalPrice-desc', label: 'Sort by amount (high first)' },
      { value: 'totalPrice-asc', label: 'Sort by amount (low first)' },
    ])
    expect(DEFAULT_BOOKING_SORT).toBe('startDate-desc')
  })

  it('splits a sort value into field and direction', () => {
    expect(parseSortBy('startDate-desc')).toEqual({ field: 'startDate', ascending: false })
    expect(parseSortBy('totalPrice-asc')).toEqual({ field: 'totalPrice', ascending: true })
  })
})

describe('paging', () => {
  it('reads the page parameter, falling back to page 1', () => {
    expect(parsePage('3')).toBe(3)
    for (const value of [null, '', '0', '-2', '1.5', 'abc']) expect(parsePage(value)).toBe(1)
  })

  it('counts pages of 10, with one page for an empty list', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(10)).toBe(1)
    expect(pageCount(11)).toBe(2)
    expect(pageCount(24)).toBe(3)
  })

  it('asks for the rows of a page', () => {
    expect(pageRowRange(1)).toEqual({ from: 0, to: 9 })
    expect(pageRowRange(3)).toEqual({ from: 20, to: 29 })
  })

  it('describes the rows shown', () => {
    expect(showingResultsText(1, 24)).toBe('Showing 1 to 10 of 24 results')
    expect(showingResultsText(2, 24)).toBe('Showing 11 to 20 of 24 results')
    expect(showingResultsText(3, 24)).toBe('Showing 21 to 24 of 24 results')
    expect(showingResultsText(2, 20)).toBe('Showing 11 to 20 of 20 results')
  })
})

describe('stay wording', () => {
  it('formats a stay date as "Jun 15 2026"', () => {
    expect(formatShortStayDate('2026-06-15')).toBe('Jun 15 2026')
    expect(formatShortStayDate('2027-01-02')).toBe('Jan 02 2027')
  })

  it('counts nights', () => {
    expect(nightsLabel(1)).toBe('1 night')
    expect(nightsLabel(5)).toBe('5 nights')
  })
})

describe('booking status from the database', () => {
  it('keeps the four statuses and refuses any other', () => {
    expect(['unconfirmed', 'checked-in', 'checked-out', 'cancelled'].map(parseBookingStatus)).toEqual([
      'unconfirmed',
      'checked-in',
      'checked-out',
      'cancelled',
    ])
    expect(() => parseBookingStatus('canceled')).toThrow('Unknown booking status: canceled')
    expect(() => parseBookingStatus('')).toThrow('Unknown booking status: ')
  })

  it('labels each status', () => {
    expect(BOOKING_STATUSES.map((status) => BOOKING_STATUS_LABELS[status])).toEqual([
      'Unconfirmed',
      'Checked in',
      'Checked out',
      'Cancelled',
    ])
  })
})

describe('what a booking of each status allows', () => {
  it('cancels only an unconfirmed booking', () => {
    expect(BOOKING_STATUSES.filter(canBeCancelled)).toEqual(['unconfirmed'])
  })

  it('deletes only a checked-out or cancelled booking', () => {
    expect(BOOKING_STATUSES.filter(canBeDeleted)).toEqual(['checked-out', 'cancelled'])
  })
})
