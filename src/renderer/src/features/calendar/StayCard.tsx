import { Popover, type TooltipRef } from 'antd'
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react'
import { nightsLabel, parseBookingStatus } from '@shared/domain/bookings'
import { formatCurrency, formatStayDate, plural } from '@shared/domain/format'
import { StatusTag } from '../bookings/StatusTag'
import { placementStyle } from './BookingBar'
import { barPlacement } from './calendarWindow'
import styles from './Calendar.module.css'
import type { CalendarBooking } from './service'

/** As long as a pointer rests on a bar before its card opens, and may be away before it closes. */
const OPEN_DELAY_MS = 300
const CLOSE_DELAY_MS = 100

/** The bar a card is for, and whether it is open (a closing card keeps its stay while it fades). */
export interface ShownStay {
  booking: CalendarBooking
  bar: HTMLElement
  isOpen: boolean
}

function barOf(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>('[data-booking-id]') : null
}

/**
 * The calendar's one hover and focus card, for whichever bar is pointed at (after a rest) or focused:
 * the grid's events are delegated here, so the bars carry no popover of their own. Like a popover per
 * bar it stays open while the pointer is on the card, and it names itself as the bar's description.
 * Escape closes it.
 */
export function useStayCard(stayOf: (id: number) => CalendarBooking | undefined) {
  const [shown, setShown] = useState<ShownStay | null>(null)
  const card = useRef<TooltipRef>(null)
  const cardId = useId()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // What the pointer is on: a bar, the card, or neither (null); events within it change nothing.
  const pointedAt = useRef<HTMLElement | 'card' | null>(null)

  const after = (delay: number, change: () => void) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(change, delay)
  }
  const open = useCallback(
    (bar: HTMLElement) => {
      const booking = stayOf(Number(bar.dataset.bookingId))
      setShown(booking ? { booking, bar, isOpen: true } : null)
    },
    [stayOf],
  )
  const close = useCallback(() => setShown((card) => card && { ...card, isOpen: false }), [])

  const pointTo = (node: EventTarget | null) => {
    // The popover's box (its arrow and its content, whose id is the card's).
    const box = document.getElementById(cardId)?.parentElement
    const isOnCard = node instanceof Node && !!box?.contains(node)
    const next = isOnCard ? 'card' : barOf(node)
    if (next === pointedAt.current) return
    pointedAt.current = next
    if (next === 'card' || (next && shown?.isOpen && shown.bar === next)) clearTimeout(timer.current)
    else if (next) after(OPEN_DELAY_MS, () => open(next))
    else after(CLOSE_DELAY_MS, close)
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    if (!shown?.isOpen) return
    const { bar } = shown
    bar.setAttribute('aria-describedby', cardId)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      bar.removeAttribute('aria-describedby')
      window.removeEventListener('keydown', onKey)
    }
  }, [shown, cardId, close])

  return {
    shown,
    card,
    cardId,
    /** For the element holding the grid: its bars' and its card's events. */
    handlers: {
      onPointerOver: (event: ReactPointerEvent) => pointTo(event.target),
      onPointerOut: (event: ReactPointerEvent) => pointTo(event.relatedTarget),
      onFocus: (event: FocusEvent) => {
        const bar = barOf(event.target)
        if (!bar) return
        clearTimeout(timer.current)
        open(bar)
      },
      onBlur: (event: FocusEvent) => {
        if (barOf(event.target) && !barOf(event.relatedTarget)) {
          clearTimeout(timer.current)
          close()
        }
      },
    },
  }
}

function StayDetails({ booking }: { booking: CalendarBooking }) {
  return (
    <dl className={styles.card}>
      <dt>Dates</dt>
      <dd>
        {formatStayDate(booking.startDate)} — {formatStayDate(booking.endDate)} (
        {nightsLabel(booking.numNights)})
      </dd>
      <dt>Guests</dt>
      <dd>{plural(booking.numGuests, 'guest')}</dd>
      <dt>Amount</dt>
      <dd>{formatCurrency(booking.totalPrice)}</dd>
      <dt>Payment</dt>
      <dd>{booking.isPaid ? 'Paid' : 'Will pay at property'}</dd>
    </dl>
  )
}

interface StayCardProps {
  shown: ShownStay | null
  card: RefObject<TooltipRef | null>
  cardId: string
  /** Where the stay's row is in the grid's body (px from its top). */
  rowTop: (cabinId: number) => number | undefined
  from: string
  days: number
  /** No card while anything is dragged. */
  isDragging: boolean
}

/**
 * The card itself: dates, guests, amount and payment, under the guest's name and status. It points
 * at an invisible twin of its bar in the grid's body, so it follows the bar as the grid scrolls, even
 * after the bar's row has left the page.
 */
export function StayCard({ shown, card, cardId, rowTop, from, days, isDragging }: StayCardProps) {
  const placement = shown && barPlacement(shown.booking, from, days)
  const top = shown ? rowTop(shown.booking.cabinId) : undefined
  // Another bar's card moves its anchor: the popover is told to align again.
  useLayoutEffect(() => card.current?.forceAlign(), [card, shown?.booking])
  if (!shown || !placement || top === undefined) return null
  const { booking } = shown
  return (
    <Popover
      ref={card}
      id={cardId}
      title={
        <span className={styles.cardTitle}>
          {booking.guestName} <StatusTag status={parseBookingStatus(booking.status)} />
        </span>
      }
      content={<StayDetails booking={booking} />}
      trigger={[]}
      open={shown.isOpen && !isDragging}
    >
      <span className={styles.cardAnchor} style={{ top, ...placementStyle(placement, days) }} />
    </Popover>
  )
}
