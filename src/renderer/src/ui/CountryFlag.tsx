import { useState, type CSSProperties } from 'react'
import styles from './CountryFlag.module.css'
import { flagCodeOf } from './flagCode'
import { spriteFlag } from './flagSprite'

// Every country's flag ships with the app (flag-icons' 4:3 SVGs), so flags render offline. Each is
// its own small file (never inlined as a data: URL), fetched only when a guest from that country is
// on screen.
const bundledFlagUrls: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../node_modules/flag-icons/flags/4x3/*.svg', {
      eager: true,
      query: '?no-inline',
      import: 'default',
    }),
  ).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]),
)

/** A bundled flag, or the stored URL while online, or nothing (the neutral placeholder). */
function flagSource(flag: string | null): string | null {
  const code = flagCodeOf(flag)
  if (code && bundledFlagUrls[code]) return bundledFlagUrls[code]
  if (flag && /^https?:\/\//.test(flag) && navigator.onLine) return flag
  return null
}

interface CountryFlagProps {
  flag: string | null
  country: string
  className?: string
  /** Beside the country's name the flag only decorates: screen readers skip it. */
  decorative?: boolean
}

export function CountryFlag({ flag, country, className, decorative = false }: CountryFlagProps) {
  const classes = [styles.flag, className].filter(Boolean).join(' ')
  return decorative ? (
    <DecorativeFlag flag={flag} className={classes} />
  ) : (
    <FlagImage source={flagSource(flag)} country={country} className={classes} />
  )
}

/**
 * A flag that only decorates: the image is the background of a plain element, over the placeholder,
 * which shows where it is missing or fails. No image element, so no load event and no state: the
 * calendar draws dozens of them a frame as it scrolls. A bundled flag comes from the sprite, so a
 * screen of them is one image, not a document per country.
 */
function DecorativeFlag({ flag, className }: { flag: string | null; className: string }) {
  return <span className={`${className} ${styles.decorative}`} style={decorativeBackground(flag)} />
}

function decorativeBackground(flag: string | null): CSSProperties | undefined {
  const code = flagCodeOf(flag)
  const fromSprite = code ? spriteFlag(code) : null
  if (fromSprite)
    return {
      '--flag-image': fromSprite.image,
      '--flag-position': fromSprite.position,
      '--flag-size': fromSprite.size,
    } as CSSProperties
  const source = flagSource(flag)
  // A stored URL may hold quotes or backslashes: escaped, it stays one CSS string, one image.
  return source
    ? ({ '--flag-image': `url("${source.replace(/["\\]/g, '\\$&')}")` } as CSSProperties)
    : undefined
}

/** A flag that says whose it is: an image named for its country, or the placeholder named so. */
function FlagImage({
  source,
  country,
  className,
}: {
  source: string | null
  country: string
  className: string
}) {
  const [failedSource, setFailedSource] = useState<string | null>(null)

  if (!source || source === failedSource)
    return (
      <span role="img" aria-label={`Flag of ${country}`} className={`${className} ${styles.placeholder}`} />
    )
  return (
    <img
      src={source}
      alt={`Flag of ${country}`}
      className={className}
      onError={() => setFailedSource(source)}
    />
  )
}
