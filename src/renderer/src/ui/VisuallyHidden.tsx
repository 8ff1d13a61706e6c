import type { AriaRole, ReactNode } from 'react'
import styles from './VisuallyHidden.module.css'

interface VisuallyHiddenProps {
  children: ReactNode
  /** A span inside a line of text; a div around blocks (a table). */
  as?: 'div' | 'span'
  role?: AriaRole
}

/** Content for screen readers only, such as the data behind a chart drawn on a canvas. */
export function VisuallyHidden({ children, as: Element = 'div', role }: VisuallyHiddenProps) {
  return (
    <Element className={styles.hidden} role={role}>
      {children}
    </Element>
  )
}
