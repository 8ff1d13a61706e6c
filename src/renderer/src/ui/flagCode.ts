/**
 * The ISO 3166-1 alpha-2 code a stored countryFlag stands for. The demo keeps flags as flagcdn.com
 * URLs ("https://flagcdn.com/pt.svg", also sized variants such as "/w40/pt.png"); a bare "pt" or
 * "PT" works too. Anything else has no code we can use.
 */
export function flagCodeOf(flag: string | null | undefined): string | null {
  const value = flag?.trim()
  if (!value) return null
  if (/^[a-z]{2}$/i.test(value)) return value.toLowerCase()
  const fromUrl = /flagcdn\.com\/(?:[a-z]?\d+x?\d*\/)?([a-z]{2})\.(?:svg|png|webp|jpg)$/i.exec(value)
  return fromUrl ? fromUrl[1].toLowerCase() : null
}
