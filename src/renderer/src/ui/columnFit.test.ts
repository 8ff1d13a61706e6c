import { describe, expect, it } from 'vitest'
import { fitColumns, type ColumnFit } from './columnFit'

const column = (key: string, fit: ColumnFit) => ({ key, fit })
const widths = (columns: { key: string; width: number | string }[]) =>
  Object.fromEntries(columns.map(({ key, width }) => [key, width]))

// Roomy padding is 24 px a side (48 a column); a table under 960 px has 12 (24 a column).
const columns = [
  column('name', { share: 1, minWidth: 40 }),
  column('stay', { share: 2, minWidth: 200 }),
  column('amount', { share: 1, minWidth: 84, hideBelow: 700 }),
]

describe('fitColumns', () => {
  it('gives each column its share of a wide table', () => {
    expect(widths(fitColumns(columns, 1200))).toEqual({ name: 300, stay: 600, amount: 300 })
  })

  it('keeps a column at its minimum and shares the rest by the others’ shares', () => {
    // Half of 500 px is less than stay's 300 + 2 × 12 px of padding.
    const narrow = [column('name', { share: 1, minWidth: 40 }), column('stay', { share: 1, minWidth: 300 })]
    expect(widths(fitColumns(narrow, 500))).toEqual({ name: 176, stay: 324 })
  })

  it('leaves out a column the table is too narrow for', () => {
    expect(widths(fitColumns(columns, 690))).toEqual({ name: 230, stay: 460 })
  })

  it('sizes by percentages of the shares until the table has been measured', () => {
    expect(widths(fitColumns(columns, undefined))).toEqual({
      name: '25.00%',
      stay: '50.00%',
      amount: '25.00%',
    })
  })
})
