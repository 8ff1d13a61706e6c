import { describe, expect, it } from 'vitest'
import { parseWindowParams, shiftWindow } from './windowParams'

const params = (query: string) => parseWindowParams(new URLSearchParams(query), '2026-11-18')

describe('the window in the URL', () => {
  it('reads the first day and the span', () => {
    expect(params('from=2026-12-01&days=31')).toEqual({ from: '2026-12-01', days: 31, isCorrected: false })
  })

  it('falls back to two days before today and 14 days, asking for the URL to be corrected', () => {
    const fallback = { from: '2026-11-16', days: 14, isCorrected: true }
    expect(params('')).toEqual(fallback)
    expect(params('from=2026-02-30&days=14')).toEqual(fallback)
    expect(params('from=tomorrow&days=7')).toEqual(fallback)
    expect(params('from=2026-12-01&days=7')).toEqual({ from: '2026-12-01', days: 14, isCorrected: true })
    expect(params('from=0001-01-01&days=31')).toEqual({ from: '2026-11-16', days: 31, isCorrected: true })
  })

  it('moves by whole spans', () => {
    expect(shiftWindow({ from: '2026-11-16', days: 14 }, 1)).toEqual({ from: '2026-11-30', days: 14 })
    expect(shiftWindow({ from: '2026-11-16', days: 31 }, -1)).toEqual({ from: '2026-10-16', days: 31 })
  })
})
