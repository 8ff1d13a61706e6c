import { memo, type PointerEvent as ReactPointerEvent } from 'react'
import { UserOutlined } from '@ant-design/icons'
import { plural } from '@shared/domain/format'
import { BookingBar, heldBar, placementStyle, type BarGrip } from './BookingBar'
import { barFit, barPlacement } from './calendarWindow'
import styles from './Calendar.module.css'
import type { CalendarBooking, CalendarCabin } from './service'
import type { DraftStay } from './useCalendarDrag'

/** A ghost: a stay being drawn, moved or stretched, where it would land. */
function Ghost({
  stay,
  from,
  days,
  isRefused,
}: {
  stay: DraftStay
  from: string
  days: number
  isRefused: boolean
}) {
  const placement = barPlacement(stay, from, days)
  if (!placement) return null
  return (
    <div
      className={isRefused ? `${styles.ghost} ${styles.refused}` : styles.ghost}
      style={placementStyle(placement, days)}
      aria-hidden
    />
  )
}

export interface CalendarRowProps {
  cabin: CalendarCabin
  /** The row's place among all cabins (its aria-rowindex) and where it sits in the grid's body. */
  index: number
  top: number
  stays: readonly CalendarBooking[]
  /** The router's href for `/bookings`: a bar links to its booking below it. */
  bookingsHref: string
  from: string
  days: number
  /** One day's width in px (unknown before the grid is laid out) and a rem's: what fits in a bar. */
  dayWidth: number | undefined
  remPx: number
  /** The booking being dragged or confirmed, drawn faint wherever it is. */
  movingId: number | undefined
  /** The stay being drawn, moved or stretched, when it would land in this row. */
  ghost: DraftStay | null
  isGhostRefused: boolean
  pressLane: (cabinId: number, event: ReactPointerEvent<HTMLElement>) => void
  pressBar: (booking: CalendarBooking, grip: BarGrip, event: ReactPointerEvent) => void
}

/**
 * One cabin's row: its name and capacity, then one lane whose background draws the day lines, with
 * the stays laid over it. Memoised: as the grid scrolls, the rows already on screen keep their props
 * and are not drawn again; only the rows coming into sight are. The lane takes the presses on its
 * bars too (they have no handlers of their own).
 */
export const CalendarRow = memo(function CalendarRow({
  cabin,
  index,
  top,
  stays,
  bookingsHref,
  from,
  days,
  dayWidth,
  remPx,
  movingId,
  ghost,
  isGhostRefused,
  pressLane,
  pressBar,
}: CalendarRowProps) {
  return (
    <div role="row" aria-rowindex={index + 3} data-cabin-id={cabin.id} className={styles.row} style={{ top }}>
      <div
        role="rowheader"
        aria-colindex={1}
        aria-label={`${cabin.name}, up to ${plural(cabin.maxCapacity, 'guest')}`}
        className={styles.cabin}
      >
        <span className={styles.cabinName}>{cabin.name}</span>
        <span className={styles.capacity}>
          <UserOutlined aria-hidden /> {cabin.maxCapacity}
        </span>
      </div>
      <div
        role="gridcell"
        aria-colindex={2}
        aria-colspan={days}
        data-lane
        className={styles.lane}
        onPointerDown={(event) => {
          const held = heldBar(event.target)
          const booking = held && stays.find((stay) => stay.id === held.bookingId)
          if (booking) pressBar(booking, held.grip, event)
          else pressLane(cabin.id, event)
        }}
      >
        {stays.map((booking) => {
          const placement = barPlacement(booking, from, days)
          return (
            placement && (
              <BookingBar
                key={booking.id}
                booking={booking}
                href={`${bookingsHref}/${booking.id}`}
                placement={placement}
                days={days}
                fit={barFit(placement, dayWidth, remPx)}
                isMoving={booking.id === movingId}
              />
            )
          )
        })}
        {ghost && <Ghost stay={ghost} from={from} days={days} isRefused={isGhostRefused} />}
      </div>
    </div>
  )
})
