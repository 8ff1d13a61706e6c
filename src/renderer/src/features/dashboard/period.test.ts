import { describe, expect, it } from 'vitest'
import { periodStart, salesRangeTitle } from './period'

describe('period range', () => {
  it('includes today as the last day', () => {
    expect(periodStart('2026-11-22', 7)).toBe('2026-11-16')
    expect(periodStart('2026-03-01', 30)).toBe('2026-01-31')
  })

  it('titles the sales chart with the first and last day', () => {
    expect(salesRangeTitle('2026-11-22', 7)).toBe('Sales from Mon, Nov 16 2026 — Sun, Nov 22 2026')
    expect(salesRangeTitle('2026-01-05', 90)).toBe('Sales from Wed, Oct 08 2025 — Mon, Jan 05 2026')
  })
})
