import type { ReactNode } from 'react'
import { useSettings } from '../settings/useSettings'
import styles from './Print.module.css'

/** The top of a printed page: the business's name (once the owner gave one), the title and the date. */
export function Letterhead({ title, children }: { title: string; children: ReactNode }) {
  // Empty until the owner names the business (the demo): the sheet then goes without.
  const businessName = useSettings().data?.businessName
  return (
    <header className={styles.letterhead}>
      <div>
        {businessName && <p className={styles.business}>{businessName}</p>}
        <h1 className={styles.title}>{title}</h1>
      </div>
      <p className={styles.when}>{children}</p>
    </header>
  )
}
