import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { addDays } from '@shared/domain/format'
import { columnOfDate, dateAtColumn } from './calendarWindow'
import type { BarGrip } from './BookingBar'
import type { CalendarBooking, CalendarCabin } from './service'

/** A pointer that moves less than this (px) between press and release clicked: it did not drag. */
const DRAG_THRESHOLD = 4

/** A stay being drawn or moved, in dates, as the ghost shows it. */
export interface DraftStay {
  cabinId: number
  startDate: string
  endDate: string
}

export type CalendarDrag =
  /** Free nights being chosen in one row, by dragging or by a click waiting for a shift-click. */
  | { kind: 'select'; stay: DraftStay; isPending: boolean }
  /** A bar being moved whole or stretched at its end. */
  | { kind: Exclude<BarGrip, 'hold'>; booking: CalendarBooking; stay: DraftStay }

interface Geometry {
  /** A lane's left edge (px, viewport) and one day's width. */
  left: number
  dayWidth: number
}

interface PointerStart extends Geometry {
  x: number
  y: number
  hasMoved: boolean
}

interface CalendarDragOptions {
  from: string
  days: number
  rowHeight: number
  cabins: readonly CalendarCabin[]
  /** Free nights chosen in a row: start a booking there. */
  onSelect: (stay: DraftStay) => void
  /** A bar dropped elsewhere: confirm its move. */
  onDrop: (booking: CalendarBooking, stay: DraftStay) => void
}

function laneGeometry(lane: Element, days: number): Geometry {
  const { left, width } = lane.getBoundingClientRect()
  return { left, dayWidth: width / days }
}

/**
 * The calendar's pointer gestures. On a free part of a row: drag across days, or click one day and
 * shift-click another, to choose nights. On a bar: drag it to other days or another cabin (same
 * length), or drag its end to change the departure. Escape drops whatever is under way; the caller
 * draws `drag` as a ghost.
 */
export function useCalendarDrag({ from, days, rowHeight, cabins, onSelect, onDrop }: CalendarDragOptions) {
  const [drag, setDrag] = useState<CalendarDrag | null>(null)
  const dragRef = useRef(drag)
  dragRef.current = drag
  const ignoreNextClick = useRef(false)
  const stopListening = useRef<() => void>(() => {})

  const cancel = useCallback(() => {
    stopListening.current()
    setDrag(null)
  }, [])

  // A new window, another span or another set of cabins ends what was under way.
  useEffect(cancel, [cancel, from, days, cabins])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dragRef.current) cancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [cancel])

  const follow = useCallback(
    (onMove: (event: PointerEvent) => void, onUp: (event: PointerEvent) => void) => {
      stopListening.current()
      const up = (event: PointerEvent) => {
        stopListening.current()
        onUp(event)
      }
      window.addEventListener('pointermove', onMove)
      window.addEventListener('pointerup', up)
      window.addEventListener('pointercancel', cancel)
      stopListening.current = () => {
        window.removeEventListener('pointermove', onMove)
        window.removeEventListener('pointerup', up)
        window.removeEventListener('pointercancel', cancel)
        stopListening.current = () => {}
      }
    },
    [cancel],
  )

  const columnAt = (geometry: Geometry, x: number) =>
    Math.min(Math.max(Math.floor((x - geometry.left) / geometry.dayWidth), 0), days - 1)

  /** A press on a row's free part: the night under the pointer. */
  const pressLane = useCallback(
    (cabinId: number, event: ReactPointerEvent<HTMLElement>) => {
      // A press on a bar is the bar's.
      if (event.button !== 0 || (event.target as Element).closest('[data-booking-id]')) return
      const geometry = laneGeometry(event.currentTarget, days)
      const anchor = columnAt(geometry, event.clientX)
      const pending =
        dragRef.current?.kind === 'select' && dragRef.current.isPending ? dragRef.current.stay : null
      // A shift-click in the row of the night clicked before completes the range.
      if (event.shiftKey && pending && pending.cabinId === cabinId) {
        const first = Math.min(columnOfDate(from, pending.startDate), anchor)
        const last = Math.max(columnOfDate(from, pending.startDate), anchor)
        setDrag(null)
        onSelect({ cabinId, startDate: dateAtColumn(from, first), endDate: dateAtColumn(from, last + 1) })
        return
      }
      event.preventDefault()
      const nights = (column: number) => {
        const first = Math.min(anchor, column)
        const last = Math.max(anchor, column)
        return { cabinId, startDate: dateAtColumn(from, first), endDate: dateAtColumn(from, last + 1) }
      }
      let column = anchor
      setDrag({ kind: 'select', stay: nights(anchor), isPending: false })
      follow(
        (move) => {
          column = columnAt(geometry, move.clientX)
          setDrag({ kind: 'select', stay: nights(column), isPending: false })
        },
        () => {
          if (column === anchor) setDrag({ kind: 'select', stay: nights(anchor), isPending: true })
          else {
            setDrag(null)
            onSelect(nights(column))
          }
        },
      )
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- columnAt reads only `days`
    [days, from, follow, onSelect],
  )

  /** A press on a bar (to move it, or only held when it cannot move) or on its end (to stretch it). */
  const pressBar = useCallback(
    (booking: CalendarBooking, grip: BarGrip, event: ReactPointerEvent) => {
      if (event.button !== 0) return
      const lane = (event.currentTarget as Element).closest('[data-lane]')
      if (!lane) return
      const origin: PointerStart = {
        ...laneGeometry(lane, days),
        x: event.clientX,
        y: event.clientY,
        hasMoved: false,
      }
      const row = cabins.findIndex((cabin) => cabin.id === booking.cabinId)
      const stayAt = (move: PointerEvent): DraftStay => {
        const dayShift = Math.round((move.clientX - origin.x) / origin.dayWidth)
        if (grip === 'resize') {
          const endDate = addDays(booking.endDate, dayShift)
          return {
            cabinId: booking.cabinId,
            startDate: booking.startDate,
            endDate: endDate > booking.startDate ? endDate : addDays(booking.startDate, 1),
          }
        }
        const rowShift = Math.round((move.clientY - origin.y) / rowHeight)
        const target = cabins[Math.min(Math.max(row + rowShift, 0), cabins.length - 1)]
        return {
          cabinId: target?.id ?? booking.cabinId,
          startDate: addDays(booking.startDate, dayShift),
          endDate: addDays(booking.endDate, dayShift),
        }
      }
      follow(
        (move) => {
          if (
            !origin.hasMoved &&
            Math.hypot(move.clientX - origin.x, move.clientY - origin.y) < DRAG_THRESHOLD
          )
            return
          origin.hasMoved = true
          // A bar that cannot move only follows the pointer enough to know it was not clicked.
          if (grip !== 'hold') setDrag({ kind: grip, booking, stay: stayAt(move) })
        },
        (up) => {
          if (!origin.hasMoved) return
          // The release of a drag also clicks the bar it began on: that click must not open it.
          ignoreNextClick.current = true
          setTimeout(() => (ignoreNextClick.current = false))
          if (grip === 'hold') return
          setDrag(null)
          const stay = stayAt(up)
          const isChanged =
            stay.cabinId !== booking.cabinId ||
            stay.startDate !== booking.startDate ||
            stay.endDate !== booking.endDate
          if (isChanged) onDrop(booking, stay)
        },
      )
    },
    [cabins, days, follow, onDrop, rowHeight],
  )

  const shouldIgnoreClick = useCallback(() => ignoreNextClick.current, [])

  return { drag, pressLane, pressBar, cancel, shouldIgnoreClick }
}
