import flagIconsCountries from 'flag-icons/country.json'
import { flagCodeOf } from './flagCode'

export interface Country {
  /** ISO 3166-1 alpha-2, lower case: the flag's file name. */
  code: string
  name: string
}

/**
 * The nationalities a guest can have: the ISO countries of flag-icons (its regions and
 * organisations, such as the EU or Scotland, are no nationality), by name.
 */
export const COUNTRIES: readonly Country[] = flagIconsCountries
  .filter((country) => country.iso)
  .map(({ code, name }) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))

const byCode = new Map(COUNTRIES.map((country) => [country.code, country]))

/** The country a stored countryFlag stands for, if it is one of the list. */
export function countryOfFlag(flag: string | null | undefined): Country | null {
  const code = flagCodeOf(flag)
  return (code && byCode.get(code)) || null
}

/** What a guest stores for a country: its name and a flag URL flagCodeOf reads back. */
export function countryFlagUrl(code: string): string {
  return `https://flagcdn.com/${code}.svg`
}
