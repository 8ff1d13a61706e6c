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
 * What public.calendar_window answers (…_calendar_window_compact.sql, …_calendar_window_one_pass.sql):
 * the window's stays as columns, one array per field, the i-th entry of each being the i-th stay (in
 * the order the database found them, not sorted: see unpackCalendarWindow), and their guests once
 * each, as columns too. A stay's arrival counts days from the window's first day; its
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

/**
 * The window's stays as the calendar draws them, one object each, by cabin, then arrival (a row's bars
 * follow each other in that order, so does Tab). The answer lists them in no order: grouping them by
 * cabin here and sorting each cabin's few stays costs well under a millisecond for a busy window's
 * thousands; the database's sort of them all cost several.
 */
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
  const staysByCabin = new Map<number, CalendarBooking[]>()
  answer.id.forEach((id, i) => {
    const guest = guestAt.get(answer.guestId[i])
    if (guest === undefined) throw new Error(`The calendar's answer has no guest for booking ${id}`)
    const stay: CalendarBooking = {
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
    const stays = staysByCabin.get(stay.cabinId)
    if (stays) stays.push(stay)
    else staysByCabin.set(stay.cabinId, [stay])
  })
  const ordered: CalendarBooking[] = []
  for (const cabinId of [...staysByCabin.keys()].sort((a, b) => a - b)) {
    ordered.push(...staysByCabin.get(cabinId)!.sort(byArrival))
  }
  return ordered
}

/** A cabin's stays never share a night, nor an arrival; dates as `YYYY-MM-DD` sort as text. */
function byArrival(a: CalendarBooking, b: CalendarBooking): number {
  return a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0
}
