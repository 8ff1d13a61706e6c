import { addDays } from './format'

/** One bar of the calendar: a stay that is not cancelled and touches the window, with what its bar shows. */
export interface CalendarBooking {
  id: number
  cabinId: number
  startDate: string
  endDate: string
  numNights: number
  numGuests: number
  status: string
  totalPrice: number
  isPaid: boolean
  guestName: string
  countryFlag: string | null
}

/**
 * What public.calendar_window answers (…_calendar_window_compact.sql): the window's stays as columns,
 * one array per field, the i-th entry of each being the i-th stay (by cabin, then arrival), and their
 * guests once each, as columns too. A stay's arrival counts days from the window's first day; its
 * departure is `numNights` later (the booking rules keep the two equal). Thousands of stays are then
 * a fraction of the same rows as JSON objects, quicker to build, send and parse.
 */
export interface CalendarWindowAnswer {
  /** The window's first day: what `arrival` counts from. */
  from: string
  id: number[]
  cabinId: number[]
  /** Days from `from` to the arrival; negative for a stay that began before the window. */
  arrival: number[]
  numNights: number[]
  numGuests: number[]
  status: string[]
  totalPrice: number[]
  isPaid: boolean[]
  guestId: number[]
  guests: { id: number[]; fullName: string[]; countryFlag: (string | null)[] }
}

/** The window's stays as the calendar draws them, one object each, in the answer's order. */
export function unpackCalendarWindow(answer: CalendarWindowAnswer): CalendarBooking[] {
  const { from, arrival, numNights, guests } = answer
  const guestAt = new Map(guests.id.map((id, i) => [id, i]))
  // A window's thousands of stays share a few dozen dates: each is written once.
  const dates = new Map<number, string>()
  const dateAt = (days: number) => {
    let date = dates.get(days)
    if (date === undefined) dates.set(days, (date = addDays(from, days)))
    return date
  }
  return answer.id.map((id, i) => {
    const guest = guestAt.get(answer.guestId[i])
    if (guest === undefined) throw new Error(`The calendar's answer has no guest for booking ${id}`)
    return {
      id,
      cabinId: answer.cabinId[i],
      startDate: dateAt(arrival[i]),
      endDate: dateAt(arrival[i] + numNights[i]),
      numNights: numNights[i],
      numGuests: answer.numGuests[i],
      status: answer.status[i],
      totalPrice: answer.totalPrice[i],
      isPaid: answer.isPaid[i],
      guestName: guests.fullName[guest],
      countryFlag: guests.countryFlag[guest],
    }
  })
}
