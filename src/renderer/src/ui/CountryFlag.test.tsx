import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CountryFlag } from './CountryFlag'
import { spriteFlag } from './flagSprite'

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

  it('draws a decorative flag from the sprite as a background over the placeholder, with no image element to load', () => {
    const { container } = render(
      <CountryFlag flag="https://flagcdn.com/pt.svg" country="Portugal" decorative />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
    const flag = container.firstElementChild as HTMLElement
    const portugal = spriteFlag('pt')!
    expect(flag.style.getPropertyValue('--flag-image')).toBe(portugal.image)
    expect(flag.style.getPropertyValue('--flag-position')).toBe(portugal.position)
    expect(flag.style.getPropertyValue('--flag-size')).toBe(portugal.size)
  })

  it("keeps a stored flag URL with quotes and backslashes inside the decorative flag's one image", () => {
    const stored = 'https://example.com/a\\b"),url("https://elsewhere.example/c'
    const { container } = render(<CountryFlag flag={stored} country="Nowhere" decorative />)
    const flag = container.firstElementChild as HTMLElement
    expect(flag.style.getPropertyValue('--flag-image')).toBe(
      'url("https://example.com/a\\\\b\\"),url(\\"https://elsewhere.example/c")',
    )
  })

  it('leaves a decorative flag it cannot read as the bare placeholder', () => {
    const { container } = render(<CountryFlag flag="Portugal" country="Portugal" decorative />)
    const flag = container.firstElementChild as HTMLElement
    expect(flag.tagName).toBe('SPAN')
    expect(flag.style.getPropertyValue('--flag-image')).toBe('')
  })
})
