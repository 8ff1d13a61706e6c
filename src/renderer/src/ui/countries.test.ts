import { describe, expect, it } from 'vitest'
import { COUNTRIES, countryFlagUrl, countryOfFlag } from './countries'

describe('COUNTRIES', () => {
  it('lists the ISO countries once each, by name', () => {
    const names = COUNTRIES.map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length)
    expect(COUNTRIES.length).toBeGreaterThan(240)
    for (const { code } of COUNTRIES) expect(code).toMatch(/^[a-z]{2}$/)
    expect(COUNTRIES).toContainEqual({ code: 'pt', name: 'Portugal' })
  })

  it('leaves out regions and organisations', () => {
    const codes = COUNTRIES.map((country) => country.code)
    for (const notACountry of ['eu', 'un', 'gb-sct', 'xx']) expect(codes).not.toContain(notACountry)
  })
})

describe('countryOfFlag', () => {
  it('reads back the flag a country stores', () => {
    expect(countryOfFlag(countryFlagUrl('de'))).toEqual({ code: 'de', name: 'Germany' })
    expect(countryFlagUrl('de')).toBe('https://flagcdn.com/de.svg')
  })

  it('has no country for an unknown or missing flag', () => {
    expect(countryOfFlag('https://flagcdn.com/zz.svg')).toBeNull()
    expect(countryOfFlag(null)).toBeNull()
    expect(countryOfFlag('')).toBeNull()
  })
})
