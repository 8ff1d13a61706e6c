import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react'
import { useHref, useNavigate } from 'react-router-dom'
import { isPlainClick } from '../../ui/plainClick'
import { useElementWidth } from '../../ui/useElementWidth'
import { useVirtualRows } from '../../ui/useVirtualRows'
import type { BarGrip } from './BookingBar'
import { CalendarHead, dayClasses } from './CalendarHead'
import { CalendarRow, type CalendarRowProps } from './CalendarRow'
import { StayCard, useStayCard } from './StayCard'
import { isStayFree, nightsTaken, windowDays } from './calendarWindow'
import styles from './Calendar.module.css'
import type { CalendarBooking, CalendarCabin } from './service'
import type { CalendarDrag, DraftStay } from './useCalendarDrag'
import type { BookingMove } from './move'

/** Fixed, so that the rows on screen follow from the scroll position alone (Calendar.module.css agrees). */
export const ROW_HEIGHT = 44
const HEAD_HEIGHT = 88
const NO_STAYS: readonly CalendarBooking[] = []

/** The root font size of app/theme.css (62.5 % of the browser's 16px). */
const THEME_REM_PX = 10

/**
 * Pixels a rem: what a bar has room for is said in rems (Calendar.module.css), and a desk may have
 * set a larger font. Read in a layout effect, as the grid's width is (useElementWidth), so the browser
 * styles the page once for both: read while rendering, it styled the whole page a first time before
 * the grid was in it (up to 30 ms in one profile on this machine).
 */
function useRemPx(): number {
  const [remPx, setRemPx] = useState(THEME_REM_PX)
  useLayoutEffect(() => {
    setRemPx(parseFloat(getComputedStyle(document.documentElement).fontSize) || THEME_REM_PX)
  }, [])
  return remPx
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

type SharedRowProps = Omit<CalendarRowProps, 'cabin' | 'index' | 'top' | 'stays' | 'ghost'>

interface VisibleRowsProps extends SharedRowProps {
  scroller: HTMLElement | null
  cabins: readonly CalendarCabin[]
  staysByCabin: ReadonlyMap<number, readonly CalendarBooking[]>
  ghost: DraftStay | null
}

/**
 * The cabin rows in sight (and a margin). Its own component so that a scroll draws only the rows
 * again, not the grid's head, columns and card.
 */
function VisibleRows({ scroller, cabins, staysByCabin, ghost, ...shared }: VisibleRowsProps) {
  const { start, end } = useVirtualRows(scroller, {
    count: cabins.length,
    rowHeight: ROW_HEIGHT,
    offset: HEAD_HEIGHT,
  })
  return cabins
    .slice(start, end)
    .map((cabin, offset) => (
      <CalendarRow
        key={cabin.id}
        cabin={cabin}
        index={start + offset}
        top={(start + offset) * ROW_HEIGHT}
        stays={staysByCabin.get(cabin.id) ?? NO_STAYS}
        ghost={ghost?.cabinId === cabin.id ? ghost : null}
        {...shared}
      />
    ))
}

/**
 * The tape chart: a sticky header of days and the occupancy of each night, then a row per cabin with
 * its stays as bars. Only the rows in sight (and a margin) are in the DOM; a row is one lane whose
 * background draws the day lines, with its bars laid over it. One hover and focus card serves every
 * bar, and one click handler opens them all through the router.
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
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const columns = useRef<HTMLDivElement>(null)
  const lanesWidth = useElementWidth(columns)
  const dayWidth = lanesWidth === undefined ? undefined : lanesWidth / days
  const remPx = useRemPx()
  const navigate = useNavigate()
  const bookingsHref = useHref('/bookings')
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
  // A bar is a plain link: a click on one (or Enter) opens its booking through the router, except
  // the click that ends a drag and a modified click (a new window: the browser's).
  const openBar = (event: ReactMouseEvent) => {
    const bar = (event.target as Element).closest<HTMLElement>('[data-booking-id]')
    if (!bar) return
    if (shouldIgnoreClick()) event.preventDefault()
    if (!isPlainClick(event)) return
    event.preventDefault()
    navigate(`/bookings/${bar.dataset.bookingId}`)
  }

  const ghost = drag?.stay ?? pendingMove
  const movingId = drag && drag.kind !== 'select' ? drag.booking.id : pendingMove?.booking.id
  const isGhostRefused = !!ghost && !isStayFree(bookings, ghost, movingId)

  return (
    <div
      ref={setScroller}
      className={styles.scroller}
      data-calendar-scroll
      onClick={openBar}
      {...stayCard.handlers}
    >
      <div
        role="grid"
        aria-label="Calendar"
        aria-busy={isLoading}
        aria-rowcount={cabins.length + 2}
        aria-colcount={days + 1}
        className={isLoading ? `${styles.grid} ${styles.loading}` : styles.grid}
        style={{ '--days': days } as CSSProperties}
      >
        <CalendarHead days={windowOfDays} taken={taken} cabinCount={cabins.length} />
        <div role="rowgroup" className={styles.body} style={{ height: cabins.length * ROW_HEIGHT }}>
          <div ref={columns} className={styles.columns} aria-hidden>
            {windowOfDays.map((day) => (
              <div key={day.date} className={dayClasses(day)} />
            ))}
          </div>
          <VisibleRows
            scroller={scroller}
            cabins={cabins}
            staysByCabin={staysByCabin}
            ghost={ghost}
            bookingsHref={bookingsHref}
            from={from}
            days={days}
            dayWidth={dayWidth}
            remPx={remPx}
            movingId={movingId}
            isGhostRefused={isGhostRefused}
            pressLane={pressLane}
            pressBar={pressBar}
          />
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
