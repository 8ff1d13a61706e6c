import type { ReactNode } from 'react'
import styles from './VisuallyHidden.module.css'

/** Content for screen readers only, such as the data behind a chart drawn on a canvas. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <div className={styles.hidden}>{children}</div>
}
