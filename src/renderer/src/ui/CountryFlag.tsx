import type { CSSProperties } from 'react'
import styles from './CountryFlag.module.css'
import { flagCodeOf } from './flagCode'
import { spriteFlag } from './flagSprite'

interface CountryFlagProps {
  flag: string | null
  country: string
  className?: string
  /** Beside the country's name the flag only decorates: screen readers skip it. */
  decorative?: boolean
}

/**
 * A country's flag: the background of a plain element, over the neutral placeholder, which shows where
 * the flag is missing or fails to load. Every country's flag ships with the app in one sprite, so
 * flags render offline and a screen of them is one image, not an SVG document per country parsed on
 * the main thread. No image element, so no load event and no state: the calendar draws dozens of
 * them a frame as it scrolls.
 */
export function CountryFlag({ flag, country, className, decorative = false }: CountryFlagProps) {
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : `Flag of ${country}`}
      className={[styles.flag, className].filter(Boolean).join(' ')}
      style={flagBackground(flag)}
    />
  )
}

/** The bundled flag from the sprite, or else the stored URL while online, or nothing. */
function flagBackground(flag: string | null): CSSProperties | undefined {
  const code = flagCodeOf(flag)
  const fromSprite = code ? spriteFlag(code) : null
  if (fromSprite)
    return {
      '--flag-image': fromSprite.image,
      '--flag-position': fromSprite.position,
      '--flag-size': fromSprite.size,
    } as CSSProperties
  if (!flag || !/^https?:\/\//.test(flag) || !navigator.onLine) return undefined
  // A stored URL may hold quotes or backslashes: escaped, it stays one CSS string, one image.
  return { '--flag-image': `url("${flag.replace(/["\\]/g, '\\$&')}")` } as CSSProperties
}
