import { describe, expect, it } from 'vitest'
import { durationColorScale, salesPoints } from './chartData'

describe('durationColorScale', () => {
  it('keeps each bucket on its own colour when others are hidden', () => {
    const all = durationColorScale(
      [
        { duration: '1 night', value: 2 },
        { duration: '3 nights', value: 1 },
      ],
      false,
    )
    expect(all.domain).toEqual(['1 night', '3 nights'])
    expect(all.range).toEqual(['#ef4444', '#eab308'])
  })

  it('uses the darker palette in dark mode', () => {
    expect(durationColorScale([{ duration: '21+ nights', value: 1 }], true).range).toEqual(['#7e22ce'])
  })
})

describe('salesPoints', () => {
  it('gives every day a total and an extras point', () => {
    expect(salesPoints([{ date: '2026-11-16', totalSales: 1200, extrasSales: 90 }])).toEqual([
      { date: '2026-11-16', label: 'Nov 16', series: 'Total sales', amount: 1200 },
      { date: '2026-11-16', label: 'Nov 16', series: 'Extras sales', amount: 90 },
    ])
  })
})
