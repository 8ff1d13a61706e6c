import type { DayStay } from '../bookings/types'

/** One line of the day sheet. */
export interface SheetLine {
  id: number
  cabinName: string
  guestName: string
  numNights: number
  numGuests: number
  hasBreakfast: boolean
  isPaid: boolean
  observations: string
  /** Already arrived (an arrival) or departed (a departure): its box is printed ticked. */
  isDone: boolean
}

/** The day on paper: who leaves, who comes, and who sleeps in a cabin that night. */
export interface DaySheet {
  departures: SheetLine[]
  arrivals: SheetLine[]
  inHouse: SheetLine[]
}

/**
 * Sorts the stays touching `day` into the sheet's three lists, each by cabin, as the desk walks them.
 * Arrivals and departures are the Today panel's (an arrival not yet checked in, or checked in; a
 * departure checked in, or checked out); in house tonight is everyone who sleeps here that night: the
 * guests checked in who leave later, and today's arrivals still expected. An unconfirmed stay that
 * began earlier never arrived, and is nobody's night.
 */
export function daySheetOf(stays: DayStay[], day: string): DaySheet {
  const lines = (matching: (stay: DayStay) => boolean, isDone: (stay: DayStay) => boolean) =>
    stays
      .filter(matching)
      .map((stay) => lineOf(stay, isDone(stay)))
      .sort(byCabin)

  return {
    departures: lines(
      (stay) => stay.endDate === day && (stay.status === 'checked-in' || stay.status === 'checked-out'),
      (stay) => stay.status === 'checked-out',
    ),
    arrivals: lines(
      (stay) => stay.startDate === day && (stay.status === 'unconfirmed' || stay.status === 'checked-in'),
      (stay) => stay.status === 'checked-in',
    ),
    inHouse: lines(
      (stay) =>
        stay.endDate > day &&
        (stay.status === 'checked-in' || (stay.status === 'unconfirmed' && stay.startDate === day)),
      () => false,
    ),
  }
}

export function isEmptySheet({ departures, arrivals, inHouse }: DaySheet): boolean {
  return departures.length + arrivals.length + inHouse.length === 0
}

function lineOf(stay: DayStay, isDone: boolean): SheetLine {
  return {
    id: stay.id,
    cabinName: stay.cabins?.name ?? '',
    guestName: stay.guests?.fullName ?? '',
    numNights: stay.numNights,
    numGuests: stay.numGuests,
    hasBreakfast: stay.hasBreakfast,
    isPaid: stay.isPaid,
    observations: stay.observations ?? '',
    isDone,
  }
}

/** Cabin names are numbers written as text ("002", "010"): compared as numbers where they are. */
const byCabin = (a: SheetLine, b: SheetLine) =>
  a.cabinName.localeCompare(b.cabinName, 'en', { numeric: true }) || a.id - b.id
