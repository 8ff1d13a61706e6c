import type { ReactNode } from 'react'
import styles from './StatCard.module.css'

export type StatColor = 'blue' | 'green' | 'indigo' | 'yellow'

interface StatCardProps {
  icon: ReactNode
  title: string
  value: ReactNode
  color: StatColor
}

/** One headline figure: a coloured icon, a small caps title and the value. */
export function StatCard({ icon, title, value, color }: StatCardProps) {
  return (
    <section className={styles.card} aria-label={title}>
      <div
        className={styles.icon}
        style={{ color: `var(--color-${color}-700)`, backgroundColor: `var(--color-${color}-100)` }}
        aria-hidden
      >
        {icon}
      </div>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.value} title={typeof value === 'string' ? value : undefined}>
        {value}
      </p>
    </section>
  )
}
