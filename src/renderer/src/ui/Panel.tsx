import { useId, type ReactNode } from 'react'
import styles from './Panel.module.css'

interface PanelProps {
  /** The panel's heading (h2); it also names the panel for assistive technology. */
  title?: ReactNode
  /** Controls on the right of the title. */
  extra?: ReactNode
  className?: string
  children: ReactNode
}

/** The app's card surface: a titled white (or dark) box with a subtle border and shadow. */
export function Panel({ title, extra, className, children }: PanelProps) {
  const titleId = useId()
  return (
    <section
      className={[styles.panel, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? titleId : undefined}
    >
      {(title || extra) && (
        <header className={styles.header}>
          {title && (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          )}
          {extra}
        </header>
      )}
      {children}
    </section>
  )
}
