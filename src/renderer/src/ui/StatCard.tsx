import { Skeleton } from 'antd'
import type { ReactNode } from 'react'
import styles from './StatCard.module.css'

export type StatColor = 'blue' | 'green' | 'indigo' | 'yellow'

interface StatCardProps {
  icon: ReactNode
  title: string
  /** Undefined while the figure is on its way: the card holds its place with a placeholder. */
  value: ReactNode | undefined
  color: StatColor
}

/** One headline figure: a coloured icon, a small caps title and the value. */
export function StatCard({ icon, title, value, color }: StatCardProps) {
  const isLoading = value === undefined
  // A card still waiting is no region yet: nothing to read until its figure is there.
  const Card = isLoading ? 'div' : 'section'
  return (
    <Card
      className={styles.card}
      aria-label={isLoading ? undefined : title}
      aria-hidden={isLoading || undefined}
    >
      <div
        className={styles.icon}
        style={{ color: `var(--color-${color}-700)`, backgroundColor: `var(--color-${color}-100)` }}
        aria-hidden
      >
        {icon}
      </div>
      <h3 className={styles.title}>{title}</h3>
      {isLoading ? (
        <Skeleton.Input active size="small" className={styles.placeholder} />
      ) : (
        <p className={styles.value} title={typeof value === 'string' ? value : undefined}>
          {value}
        </p>
      )}
    </Card>
  )
}
