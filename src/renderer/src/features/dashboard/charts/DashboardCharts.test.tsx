import { render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DarkModeProvider } from '../../../app/darkMode/DarkModeContext'
import { DurationChart, SalesChart } from './DashboardCharts'

// The chart library draws on a canvas jsdom does not have: each chart stands in as a canvas that
// keeps the options it was given, which are what this test is about.
const chartOptions = vi.hoisted(() => new Map<string, Record<string, unknown>>())
vi.mock('@ant-design/charts', () => {
  const stand = (name: string) => (props: Record<string, unknown>) => {
    chartOptions.set(name, props)
    return <canvas data-testid={name} />
  }
  return { Area: stand('Area'), Pie: stand('Pie') }
})

const withMode = (children: ReactNode) => render(<DarkModeProvider>{children}</DarkModeProvider>)

const days = [
  { date: '2026-11-16', totalSales: 1200, extrasSales: 90 },
  { date: '2026-11-17', totalSales: 0, extrasSales: 0 },
  { date: '2026-11-18', totalSales: 450.5, extrasSales: 0 },
]

describe('SalesChart', () => {
  it('draws straight lines with a dot on each day, never a smoothed curve', () => {
    withMode(<SalesChart days={days} />)
    const area = chartOptions.get('Area')
    expect(area?.shapeField).toBeUndefined()
    expect(JSON.stringify(area)).not.toContain('smooth')
    expect(area?.point).toBeTruthy()
  })

  it('says that sales are counted on the day a booking was made', () => {
    withMode(<SalesChart days={days} />)
    expect(screen.getByText('Sales are counted on the day a booking was made.')).toBeVisible()
  })

  it('hides the canvas from screen readers and gives them the sales of each day as a table', () => {
    withMode(<SalesChart days={days} />)
    expect(screen.getByTestId('Area').closest('[aria-hidden="true"]')).not.toBeNull()
    const table = screen.getByRole('table', { name: 'Sales by day' })
    const rows = within(table).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayTotal salesExtras sales',
      'Mon, Nov 16$1,200.00$90.00',
      'Tue, Nov 17$0.00$0.00',
      'Wed, Nov 18$450.50$0.00',
    ])
  })

  it("writes its tooltip in the page's font", () => {
    document.body.style.fontFamily = "'Poppins', sans-serif"
    withMode(<SalesChart days={days} />)
    const css = JSON.stringify(chartOptions.get('Area')?.interaction)
    expect(css).toContain('"font-family":"inherit"')
    const axis = chartOptions.get('Area')?.axis as { x: { labelFontFamily: string } }
    expect(axis.x.labelFontFamily).toContain('Poppins')
  })
})

describe('DurationChart', () => {
  const durations = [
    { duration: '3 nights', value: 1 },
    { duration: '4-5 nights', value: 2 },
    { duration: '6-7 nights', value: 3 },
  ]

  it('shows every bucket with its stays and share beside the donut, without hovering', () => {
    withMode(<DurationChart durations={durations} />)
    expect(screen.getByTestId('Pie').closest('[aria-hidden="true"]')).not.toBeNull()
    const table = screen.getByRole('table', { name: 'Stays by duration' })
    expect(table).toBeVisible()
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Stay durationStaysShare', '3 nights117%', '4-5 nights233%', '6-7 nights350%'])
    expect(JSON.stringify(chartOptions.get('Pie')?.interaction)).toContain('"font-family":"inherit"')
  })

  it('says when the period has no stays', () => {
    withMode(<DurationChart durations={[]} />)
    expect(screen.getByText('No stays in this period')).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
