import { describe, expect, it } from 'vitest'
import { flagCodeOf } from './flagCode'

describe('flagCodeOf', () => {
  it('reads the code from flagcdn URLs', () => {
    expect(flagCodeOf('https://flagcdn.com/pt.svg')).toBe('pt')
    expect(flagCodeOf('https://flagcdn.com/w40/de.png')).toBe('de')
    expect(flagCodeOf('https://flagcdn.com/16x12/GB.png')).toBe('gb')
  })

  it('accepts a bare ISO code', () => {
    expect(flagCodeOf('PT')).toBe('pt')
    expect(flagCodeOf(' es ')).toBe('es')
  })

  it('has no code for anything else', () => {
    for (const flag of [null, undefined, '', 'Portugal', 'https://example.test/flags/pt.svg', 'prt'])
      expect(flagCodeOf(flag)).toBeNull()
  })
})
