import type { ReactNode } from 'react'
import styles from './ChartFigure.module.css'

interface ChartFigureProps {
  /** The drawn chart: a canvas that screen readers cannot read, so it is hidden from them. */
  chart: ReactNode
  /** The chart's figures as text (a ChartTable), read in the chart's place. */
  children: ReactNode
  /** Puts the text beside the chart (below it when the panel is narrow) instead of after it. */
  beside?: boolean
  /** A sentence under the chart on how to read it, for everyone. */
  note?: string
}

/** A chart with its text alternative: the canvas for the eye, the same figures as text for all. */
export function ChartFigure({ chart, children, beside = false, note }: ChartFigureProps) {
  return (
    <figure className={styles.figure}>
      <div className={beside ? styles.beside : undefined}>
        <div aria-hidden="true" className={styles.chart}>
          {chart}
        </div>
        {children}
      </div>
      {note && <figcaption className={styles.note}>{note}</figcaption>}
    </figure>
  )
}
