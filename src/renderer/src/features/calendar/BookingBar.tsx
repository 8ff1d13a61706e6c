import type { CSSProperties } from 'react'
import { nightsLabel, parseBookingStatus } from '@shared/domain/bookings'
import { CountryFlag } from '../../ui/CountryFlag'
import type { BarFit, BarPlacement } from './calendarWindow'
import styles from './Calendar.module.css'
import type { CalendarBooking } from './service'

/** Where a bar lies in its row, as CSS the row's width scales. */
export function placementStyle({ startHalf, endHalf }: BarPlacement, days: number): CSSProperties {
  return {
    left: `${(startHalf / (2 * days)) * 100}%`,
    width: `${((endHalf - startHalf) / (2 * days)) * 100}%`,
  }
}

export const BAR_STATUS_CLASSES: Record<string, string | undefined> = {
  unconfirmed: styles.unconfirmed,
  'checked-in': styles.checkedIn,
  'checked-out': styles.checkedOut,
}

/** How a bar is held: to move it whole, to stretch its end, or only held (it cannot move). */
export type BarGrip = 'move' | 'resize' | 'hold'

/** The bar a press landed on (its booking's id) and how it is held, or null off every bar. */
export function heldBar(target: EventTarget | null): { bookingId: number; grip: BarGrip } | null {
  if (!(target instanceof Element)) return null
  const grip = target.closest<HTMLElement>('[data-grip]')
  const bar = grip?.closest<HTMLElement>('[data-booking-id]')
  return grip && bar ? { bookingId: Number(bar.dataset.bookingId), grip: grip.dataset.grip as BarGrip } : null
}

interface BookingBarProps {
  booking: CalendarBooking
  /** Its booking's page, as a link's address (the router's href for `/bookings/:id`). */
  href: string
  placement: BarPlacement
  days: number
  /** Whether its flag and nights fit beside the name. */
  fit: BarFit
  /** The bar is where a move is being confirmed or dragged from: drawn faint. */
  isMoving: boolean
}

/**
 * A stay: from the middle of its arrival day to the middle of its departure day, coloured like its
 * status tag, with the guest's flag, name and nights (as they fit). A link to the booking (Enter opens
 * it); the grid's one hover and focus card (StayCard) gives dates, guests, amount and payment. An
 * unconfirmed stay is dragged to move it and stretched at its end; a checked-in one only stretched; a
 * checked-out one stays. A plain link with no state, hooks or handlers of its own: a scroll draws
 * dozens of them a frame, so its row takes its presses (`heldBar`) and the grid its clicks.
 */
export function BookingBar({ booking, href, placement, days, fit, isMoving }: BookingBarProps) {
  const status = parseBookingStatus(booking.status)
  const canMove = status === 'unconfirmed'
  const canResize = canMove || status === 'checked-in'
  const classes = [
    styles.bar,
    BAR_STATUS_CLASSES[status],
    placement.isCutAtStart ? styles.cutStart : undefined,
    placement.isCutAtEnd ? styles.cutEnd : undefined,
    canMove ? styles.movable : undefined,
    isMoving ? styles.moving : undefined,
  ]
  const label = `Booking #${booking.id}, ${booking.guestName}, ${nightsLabel(booking.numNights)}`
  return (
    <a
      href={href}
      data-booking-id={booking.id}
      data-grip={canMove ? 'move' : 'hold'}
      className={classes.filter(Boolean).join(' ')}
      style={placementStyle(placement, days)}
      aria-label={label}
      draggable={false}
    >
      {fit.hasFlag && (
        <CountryFlag flag={booking.countryFlag} country="" decorative className={styles.flag} />
      )}
      <span className={styles.guest}>{booking.guestName}</span>
      {fit.hasNights && <span className={styles.nights}>{nightsLabel(booking.numNights)}</span>}
      {canResize && !placement.isCutAtEnd && <span className={styles.grip} data-grip="resize" aria-hidden />}
    </a>
  )
}
