import { describe, expect, it } from 'vitest'
import { contrast } from '../../../test/contrast'
import { BUCKET_COLORS, durationColorScale, durationShares, salesPoints } from './chartData'

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
    expect(all.range).toEqual([BUCKET_COLORS.light[0], BUCKET_COLORS.light[2]])
  })

  it('uses the palette of the mode', () => {
    expect(durationColorScale([{ duration: '21+ nights', value: 1 }], true).range).toEqual([
      BUCKET_COLORS.dark[7],
    ])
  })

  // Panel backgrounds: --color-grey-0 of each mode (app/theme.css).
  it.each([
    ['light', '#ffffff'],
    ['dark', '#18212f'],
  ] as const)('gives every bucket its own colour, readable on the %s panel', (mode, panel) => {
    const palette = BUCKET_COLORS[mode]
    expect(palette).toHaveLength(8)
    expect(new Set(palette).size).toBe(8)
    for (const colour of palette) expect(contrast(colour, panel)).toBeGreaterThanOrEqual(3)
  })
})

describe('durationShares', () => {
  it("gives each bucket its share of the period's stays as a whole percent", () => {
    const shares = durationShares([
      { duration: '3 nights', value: 1 },
      { duration: '4-5 nights', value: 2 },
      { duration: '6-7 nights', value: 3 },
    ])
    expect(shares.map(({ percent }) => percent)).toEqual(['17%', '33%', '50%'])
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
