import { describe, expect, it } from 'vitest'
import { readDashboard } from './service'

const answer = {
  stats: { bookings: 2, sales: 640, checkIns: 1, occupancyRate: 0.2049, cabinCount: 8 },
  salesByDay: [{ date: '2026-11-24', totalSales: 640, extrasSales: 40 }],
  stayDurations: [{ duration: '2 nights', value: 1 }],
}

describe('reading the answer of get_dashboard', () => {
  it('passes the answer the SQL builds through as it is', () => {
    expect(readDashboard(answer)).toEqual(answer)
  })

  it.each([
    ['a renamed figure', { ...answer, stats: { ...answer.stats, sales: undefined, revenue: 640 } }],
    ['a figure that is not a number', { ...answer, stats: { ...answer.stats, bookings: '2' } }],
    ['a missing list', { stats: answer.stats, salesByDay: [] }],
    ['no object at all', null],
  ])('refuses %s with the load error the screen shows', (_case, data) => {
    expect(() => readDashboard(data)).toThrow('The dashboard could not be loaded')
  })
})
