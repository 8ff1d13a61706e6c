import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CountryFlag } from './CountryFlag'

describe('CountryFlag', () => {
  it("shows any country's flag from the app's own files, not the stored URL", () => {
    render(<CountryFlag flag="https://flagcdn.com/tv.svg" country="Tuvalu" />)
    const flag = screen.getByRole('img', { name: 'Flag of Tuvalu' })
    expect(flag.getAttribute('src')).toMatch(/flag-icons\/flags\/4x3\/tv\.svg/)
  })

  it('shows the neutral placeholder for a flag it cannot read', () => {
    render(<CountryFlag flag="Portugal" country="Portugal" />)
    expect(screen.getByRole('img', { name: 'Flag of Portugal' }).tagName).toBe('SPAN')
  })
})
