import { BOOKING_STATUSES } from './bookings'
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
 * What public.calendar_window answers (…_calendar_window_fewer_bytes.sql): the window's stays as
 * columns, one array per field, the i-th entry of each being the i-th stay (in the order the database
 * found them, not sorted: see unpackCalendarWindow), and their guests once each, grouped by flag. A
 * stay's arrival counts days from the window's first day; its departure is `numNights` later (the
 * booking rules keep the two equal). Thousands of stays are then a fraction of the same rows as JSON
 * objects, quicker to build, send and parse.
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
  /** Status and payment in one number: twice the status's place in BOOKING_STATUSES, plus 1 if paid. */
  state: number[]
  totalPrice: number[]
  guestId: number[]
  /** The stays' guests, each once, grouped by their flag: a window's thousands share a few dozen. */
  guests: { countryFlag: string | null; id: number[]; fullName: string[] }[]
}

/**
 * The window's stays as the calendar draws them, one object each, by cabin, then arrival (a row's bars
 * follow each other in that order, so does Tab). The answer lists them in no order: grouping them by
 * cabin here and sorting each cabin's few stays costs well under a millisecond for a busy window's
 * thousands; the database's sort of them all cost several.
 */
export function unpackCalendarWindow(answer: CalendarWindowAnswer): CalendarBooking[] {
  const { from, id, cabinId, arrival, numNights, state, guestId } = answer
  // Each guest's place in these two lists.
  const guestAt = new Map<number, number>()
  const names: string[] = []
  const flags: (string | null)[] = []
  for (const { countryFlag, id: ids, fullName } of answer.guests) {
    for (let i = 0; i < ids.length; i++) {
      guestAt.set(ids[i], names.push(fullName[i]) - 1)
      flags.push(countryFlag)
    }
  }
  // A window's thousands of stays share a few dozen dates: each is written once.
  const dates = new Map<number, string>()
  const dateAt = (days: number) => {
    let date = dates.get(days)
    if (date === undefined) dates.set(days, (date = addDays(from, days)))
    return date
  }
  const staysByCabin = new Map<number, number[]>()
  for (let i = 0; i < id.length; i++) {
    const stays = staysByCabin.get(cabinId[i])
    if (stays) stays.push(i)
    else staysByCabin.set(cabinId[i], [i])
  }
  const ordered: CalendarBooking[] = []
  for (const cabin of [...staysByCabin.keys()].sort((a, b) => a - b)) {
    // A cabin's stays never share a night, nor an arrival.
    for (const i of staysByCabin.get(cabin)!.sort((a, b) => arrival[a] - arrival[b])) {
      const guest = guestAt.get(guestId[i])
      if (guest === undefined) throw new Error(`The calendar's answer has no guest for booking ${id[i]}`)
      const status = Number.isInteger(state[i]) ? BOOKING_STATUSES[state[i] >> 1] : undefined
      if (status === undefined || status === 'cancelled') {
        throw new Error(`The calendar's answer has no status for booking ${id[i]}`)
      }
      ordered.push({
        id: id[i],
        cabinId: cabin,
        startDate: dateAt(arrival[i]),
        endDate: dateAt(arrival[i] + numNights[i]),
        numNights: numNights[i],
        numGuests: answer.numGuests[i],
        status,
        totalPrice: answer.totalPrice[i],
        isPaid: (state[i] & 1) === 1,
        guestName: names[guest],
        countryFlag: flags[guest],
      })
    }
  }
  return ordered
}
