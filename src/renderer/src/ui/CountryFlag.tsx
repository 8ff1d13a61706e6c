import { useState } from 'react'
import styles from './CountryFlag.module.css'
import { flagCodeOf } from './flagCode'

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
  const [failedSource, setFailedSource] = useState<string | null>(null)
  const source = flagSource(flag)
  const classes = [styles.flag, className].filter(Boolean).join(' ')

  if (!source || source === failedSource)
    return (
      <span
        role={decorative ? undefined : 'img'}
        aria-label={decorative ? undefined : `Flag of ${country}`}
        className={`${classes} ${styles.placeholder}`}
      />
    )
  return (
    <img
      src={source}
      alt={decorative ? '' : `Flag of ${country}`}
      className={classes}
      onError={() => setFailedSource(source)}
    />
  )
}
