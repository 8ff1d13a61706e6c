import {
  useCallback,
  useMemo,
  useRef,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react'
import { useElementWidth } from '../../ui/useElementWidth'
import { useVirtualRows } from '../../ui/useVirtualRows'
import type { BarGrip } from './BookingBar'
import { CalendarRow } from './CalendarRow'
import { StayCard, useStayCard } from './StayCard'
import { isStayFree, nightsTaken, windowDays, type WindowDay } from './calendarWindow'
import styles from './Calendar.module.css'
import type { CalendarBooking, CalendarCabin } from './service'
import type { CalendarDrag } from './useCalendarDrag'
import type { BookingMove } from './move'

/** Fixed, so that the rows on screen follow from the scroll position alone (Calendar.module.css agrees). */
export const ROW_HEIGHT = 44
const HEAD_HEIGHT = 88
const NO_STAYS: readonly CalendarBooking[] = []

/** Pixels a rem: what a bar has room for is said in rems (Calendar.module.css). */
function rootFontSize(): number {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 10
}

interface CalendarGridProps {
  cabins: readonly CalendarCabin[]
  bookings: readonly CalendarBooking[]
  from: string
  days: number
  today: string
  /** The window's stays are on their way (the previous window's, if any, are shown dimmed). */
  isLoading: boolean
  drag: CalendarDrag | null
  /** A move waiting for its confirmation: drawn as a ghost where it would go. */
  pendingMove: BookingMove | null
  pressLane: (cabinId: number, event: ReactPointerEvent<HTMLElement>) => void
  pressBar: (booking: CalendarBooking, grip: BarGrip, event: ReactPointerEvent) => void
  shouldIgnoreClick: () => boolean
}

function DayHeader({ day, index }: { day: WindowDay; index: number }) {
  const showMonth = index === 0 || day.dayOfMonth === '1'
  return (
    <div
      role="columnheader"
      aria-colindex={index + 2}
      className={[styles.day, day.isWeekend && styles.weekend, day.isToday && styles.today]
        .filter(Boolean)
        .join(' ')}
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

/**
 * The tape chart: a sticky header of days and the occupancy of each night, then a row per cabin with
 * its stays as bars. Only the rows in sight (and a margin) are in the DOM; a row is one lane whose
 * background draws the day lines, with its bars laid over it. One hover and focus card serves every
 * bar.
 */
export function CalendarGrid({
  cabins,
  bookings,
  from,
  days,
  today,
  isLoading,
  drag,
  pendingMove,
  pressLane,
  pressBar,
  shouldIgnoreClick,
}: CalendarGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const columns = useRef<HTMLDivElement>(null)
  const lanesWidth = useElementWidth(columns)
  const dayWidth = lanesWidth === undefined ? undefined : lanesWidth / days
  const remPx = useMemo(rootFontSize, [])
  const { start, end } = useVirtualRows(scroller, {
    count: cabins.length,
    rowHeight: ROW_HEIGHT,
    offset: HEAD_HEIGHT,
  })
  const windowOfDays = useMemo(() => windowDays(from, days, today), [from, days, today])
  const staysByCabin = useMemo(() => {
    const byCabin = new Map<number, CalendarBooking[]>()
    for (const booking of bookings) {
      const stays = byCabin.get(booking.cabinId)
      if (stays) stays.push(booking)
      else byCabin.set(booking.cabinId, [booking])
    }
    return byCabin
  }, [bookings])
  const taken = useMemo(() => nightsTaken(bookings, from, days), [bookings, from, days])
  const stayById = useMemo(() => new Map(bookings.map((booking) => [booking.id, booking])), [bookings])
  const rowOfCabin = useMemo(() => new Map(cabins.map((cabin, index) => [cabin.id, index])), [cabins])
  const stayOf = useCallback((id: number) => stayById.get(id), [stayById])
  const stayCard = useStayCard(stayOf)
  const rowTop = useCallback(
    (cabinId: number) => {
      const row = rowOfCabin.get(cabinId)
      return row === undefined ? undefined : row * ROW_HEIGHT
    },
    [rowOfCabin],
  )

  const ghost = drag?.stay ?? pendingMove
  const movingId = drag && drag.kind !== 'select' ? drag.booking.id : pendingMove?.booking.id
  const isGhostRefused = !!ghost && !isStayFree(bookings, ghost, movingId)

  return (
    <div ref={scroller} className={styles.scroller} data-calendar-scroll {...stayCard.handlers}>
      <div
        role="grid"
        aria-label="Calendar"
        aria-busy={isLoading}
        aria-rowcount={cabins.length + 2}
        aria-colcount={days + 1}
        className={isLoading ? `${styles.grid} ${styles.loading}` : styles.grid}
        style={{ '--days': days } as CSSProperties}
      >
        <div role="rowgroup" className={styles.head}>
          <div role="row" aria-rowindex={1} className={styles.headRow}>
            <div role="columnheader" aria-colindex={1} className={styles.corner}>
              Cabin
            </div>
            {windowOfDays.map((day, index) => (
              <DayHeader key={day.date} day={day} index={index} />
            ))}
          </div>
          <div role="row" aria-rowindex={2} className={styles.headRow}>
            <div role="rowheader" aria-colindex={1} className={`${styles.corner} ${styles.occupancyTitle}`}>
              Occupancy
            </div>
            {windowOfDays.map((day, index) => (
              <div
                key={day.date}
                role="gridcell"
                aria-colindex={index + 2}
                className={[styles.occupancy, day.isWeekend && styles.weekend, day.isToday && styles.today]
                  .filter(Boolean)
                  .join(' ')}
                aria-label={`${taken[index]} of ${cabins.length} cabins taken`}
              >
                {taken[index]}/{cabins.length}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className={styles.body} style={{ height: cabins.length * ROW_HEIGHT }}>
          <div ref={columns} className={styles.columns} aria-hidden>
            {windowOfDays.map((day) => (
              <div
                key={day.date}
                className={[day.isWeekend && styles.weekend, day.isToday && styles.today]
                  .filter(Boolean)
                  .join(' ')}
              />
            ))}
          </div>
          {cabins.slice(start, end).map((cabin, offset) => (
            <CalendarRow
              key={cabin.id}
              cabin={cabin}
              index={start + offset}
              top={(start + offset) * ROW_HEIGHT}
              stays={staysByCabin.get(cabin.id) ?? NO_STAYS}
              from={from}
              days={days}
              dayWidth={dayWidth}
              remPx={remPx}
              movingId={movingId}
              ghost={ghost?.cabinId === cabin.id ? ghost : null}
              isGhostRefused={isGhostRefused}
              pressLane={pressLane}
              pressBar={pressBar}
              shouldIgnoreClick={shouldIgnoreClick}
            />
          ))}
          <div className={styles.cardLayer} aria-hidden>
            <StayCard
              shown={stayCard.shown}
              card={stayCard.card}
              cardId={stayCard.cardId}
              rowTop={rowTop}
              from={from}
              days={days}
              isDragging={drag !== null}
            />
          </div>
        </div>
      </div>
    </div>
  )
}
