import type { CalendarBooking } from '@shared/domain/calendarWindow'

/** What a move reads of the calendar's bar, a stay of calendar_window (the screen's CalendarBooking). */
export type MovedBooking = Pick<
  CalendarBooking,
  'id' | 'cabinId' | 'startDate' | 'endDate' | 'numNights' | 'status' | 'totalPrice' | 'guestName'
>

/** A bar dropped somewhere else: the booking as drawn, and the cabin and dates it was dropped on. */
export interface BookingMove {
  booking: MovedBooking
  cabinId: number
  startDate: string
  endDate: string
}

/** Where a stay is: its cabin and dates. */
export interface StayPlace {
  cabinId: number
  startDate: string
  endDate: string
}

/**
 * Where the booking goes. A checked-in guest is already in the cabin since the arrival: only the
 * departure follows the drop (the database refuses any other change of such a stay).
 */
export function placeAfterMove({ booking, cabinId, startDate, endDate }: BookingMove): StayPlace {
  if (booking.status === 'checked-in')
    return { cabinId: booking.cabinId, startDate: booking.startDate, endDate }
  return { cabinId, startDate, endDate }
}

/** A move that keeps the cabin and the arrival only changes the departure (a bar's end dragged). */
export function isDepartureChange(move: BookingMove): boolean {
  const place = placeAfterMove(move)
  return place.cabinId === move.booking.cabinId && place.startDate === move.booking.startDate
}
