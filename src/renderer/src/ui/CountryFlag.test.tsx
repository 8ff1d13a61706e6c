import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CountryFlag } from './CountryFlag'
import { spriteFlag } from './flagSprite'

/** The flag's background as the component set it: image, place and scale. */
function background(flag: HTMLElement) {
  return ['--flag-image', '--flag-position', '--flag-size'].map((name) => flag.style.getPropertyValue(name))
}

describe('CountryFlag', () => {
  afterEach(() => vi.restoreAllMocks())

  it("shows any country's flag from the app's own sprite, not the stored URL, named for its country", () => {
    render(<CountryFlag flag="https://flagcdn.com/tv.svg" country="Tuvalu" />)
    const flag = screen.getByRole('img', { name: 'Flag of Tuvalu' })
    const tuvalu = spriteFlag('tv')!
    expect(background(flag)).toEqual([tuvalu.image, tuvalu.position, tuvalu.size])
  })

  it('draws every flag as a background over the placeholder, with no image element to load', () => {
    const { container } = render(<CountryFlag flag="https://flagcdn.com/pt.svg" country="Portugal" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelectorAll('span')).toHaveLength(1)
  })

  it("leaves out of the accessibility tree a flag beside its country's name", () => {
    const { container } = render(
      <CountryFlag flag="https://flagcdn.com/pt.svg" country="Portugal" decorative />,
    )
    expect(screen.queryByRole('img')).toBeNull()
    const portugal = spriteFlag('pt')!
    expect(background(container.firstElementChild as HTMLElement)).toEqual([
      portugal.image,
      portugal.position,
      portugal.size,
    ])
  })

  it('shows the neutral placeholder, still named, for a flag it cannot read', () => {
    render(<CountryFlag flag="Portugal" country="Portugal" />)
    expect(background(screen.getByRole('img', { name: 'Flag of Portugal' }))).toEqual(['', '', ''])
  })

  it('shows a stored URL it has no sprite cell for while online, and the placeholder offline', () => {
    const stored = 'https://example.com/flags/atlantis.png'
    const { unmount } = render(<CountryFlag flag={stored} country="Atlantis" />)
    expect(screen.getByRole('img', { name: 'Flag of Atlantis' }).style.getPropertyValue('--flag-image')).toBe(
      `url("${stored}")`,
    )
    unmount()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(<CountryFlag flag={stored} country="Atlantis" />)
    expect(screen.getByRole('img', { name: 'Flag of Atlantis' }).style.getPropertyValue('--flag-image')).toBe(
      '',
    )
  })

  it("keeps a stored flag URL with quotes and backslashes inside the flag's one image", () => {
    const stored = 'https://example.com/a\\b"),url("https://elsewhere.example/c'
    const { container } = render(<CountryFlag flag={stored} country="Nowhere" decorative />)
    const flag = container.firstElementChild as HTMLElement
    expect(flag.style.getPropertyValue('--flag-image')).toBe(
      'url("https://example.com/a\\\\b\\"),url(\\"https://elsewhere.example/c")',
    )
  })
})
