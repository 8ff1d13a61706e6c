import type { ReactNode } from 'react'
import styles from './PageHeading.module.css'

interface PageHeadingProps {
  title: ReactNode
  /** Filters, sort or actions shown on the right of the title. */
  children?: ReactNode
}

export function PageHeading({ title, children }: PageHeadingProps) {
  return (
    <div className={styles.row}>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.controls}>{children}</div>}
    </div>
  )
}
