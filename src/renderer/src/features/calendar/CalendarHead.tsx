import { memo } from 'react'
import type { WindowDay } from './calendarWindow'
import styles from './Calendar.module.css'

/** A day's classes: weekends shaded, today marked (its header, its occupancy and its column). */
export function dayClasses(day: WindowDay, base?: string): string {
  return [base, day.isWeekend && styles.weekend, day.isToday && styles.today].filter(Boolean).join(' ')
}

function DayHeader({ day, index }: { day: WindowDay; index: number }) {
  const showMonth = index === 0 || day.dayOfMonth === '1'
  return (
    <div
      role="columnheader"
      aria-colindex={index + 2}
      className={dayClasses(day, styles.day)}
      aria-current={day.isToday ? 'date' : undefined}
    >
      <span className={styles.weekday}>{day.weekday}</span>
      <span className={styles.date}>
        {day.dayOfMonth}
        {showMonth && <span className={styles.month}> {day.month}</span>}
      </span>
    </div>
  )
}

interface CalendarHeadProps {
  days: readonly WindowDay[]
  /** Cabins taken each night of the window, of `cabinCount`. */
  taken: readonly number[]
  cabinCount: number
}

/**
 * The grid's sticky head: the days, then each night's occupancy: the cabins taken in each day's
 * cell and "of all" once in the row's header, since "478/500" does not fit a 31-day column. Memoised: scrolling the rows does
 * not draw it again.
 */
export const CalendarHead = memo(function CalendarHead({ days, taken, cabinCount }: CalendarHeadProps) {
  return (
    <div role="rowgroup" className={styles.head}>
      <div role="row" aria-rowindex={1} className={styles.headRow}>
        <div role="columnheader" aria-colindex={1} className={styles.corner}>
          Cabin
        </div>
        {days.map((day, index) => (
          <DayHeader key={day.date} day={day} index={index} />
        ))}
      </div>
      <div role="row" aria-rowindex={2} className={styles.headRow}>
        <div role="rowheader" aria-colindex={1} className={`${styles.corner} ${styles.occupancyTitle}`}>
          Occupancy <span className={styles.occupancyOf}>of {cabinCount}</span>
        </div>
        {days.map((day, index) => (
          <div
            key={day.date}
            role="gridcell"
            aria-colindex={index + 2}
            className={dayClasses(day, styles.occupancy)}
            aria-label={`${taken[index]} of ${cabinCount} cabins taken`}
          >
            {taken[index]}
          </div>
        ))}
      </div>
    </div>
  )
})
