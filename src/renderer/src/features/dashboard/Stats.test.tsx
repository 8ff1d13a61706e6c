import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Stats } from './Stats'

const occupancyShown = (nights: number, cabinNights: number) => {
  const stats = {
    bookings: 12,
    sales: 4321.5,
    checkIns: 5,
    occupancyRate: nights / cabinNights,
    cabinCount: 23,
  }
  const { unmount } = render(<Stats stats={stats} />)
  const shown = within(screen.getByRole('region', { name: 'Occupancy rate' })).getByRole('paragraph')
  const text = shown.textContent
  unmount()
  return text
}

describe('Stats', () => {
  it('rounds the exact occupancy the database sends once, half up', () => {
    // 20.497 %: shown 21 % while the database had rounded it to 0.2050 first.
    expect(occupancyShown(33, 161)).toBe('20%')
    // 28.5 %: Math.round(0.285 * 100) is 28, the binary fraction being a hair under 28.5.
    expect(occupancyShown(57, 200)).toBe('29%')
    expect(occupancyShown(0, 161)).toBe('0%')
  })

  it('shows sales as dollars', () => {
    render(<Stats stats={{ bookings: 1, sales: 4321.5, checkIns: 0, occupancyRate: 0, cabinCount: 1 }} />)
    expect(within(screen.getByRole('region', { name: 'Sales' })).getByText('$4,321.50')).toBeInTheDocument()
  })
})
