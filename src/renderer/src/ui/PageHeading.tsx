import { useEffect, useRef, type ReactNode } from 'react'
import styles from './PageHeading.module.css'

interface PageHeadingProps {
  title: ReactNode
  /** Filters, sort or actions shown on the right of the title. */
  children?: ReactNode
  /**
   * The screen's main action ("New booking"), at the end of the title's line. The filters and sort
   * then take a line of their own, so a narrow window never wraps the action away from the title.
   */
  actions?: ReactNode
}

let focusOnNextHeading = false

/**
 * The next page heading drawn takes the focus, so that a keyboard or screen-reader user starts
 * reading the new screen at its title (after logging in, whose form is gone). The screen's code may
 * still be loading when this is asked, so the heading takes it when it appears.
 */
export function focusNextPageHeading(): void {
  focusOnNextHeading = true
}

export function PageHeading({ title, children, actions }: PageHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focusOnNextHeading) return
    focusOnNextHeading = false
    heading.current?.focus()
  }, [])
  return (
    <div className={styles.row}>
      {/* Focusable from code only (above): not a tab stop. */}
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {actions && <div className={styles.controls}>{actions}</div>}
      {children && (
        <div className={actions ? `${styles.controls} ${styles.ownLine}` : styles.controls}>{children}</div>
      )}
    </div>
  )
}
