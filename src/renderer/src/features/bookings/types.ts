import type { BookingStatus } from '@shared/domain/bookings'
import type { Tables } from '@shared/database.types'

/** A booking row as the screens read it: its status narrowed to the ones the database allows. */
type WithStatus<Row extends { status: string }> = Omit<Row, 'status'> & { status: BookingStatus }

/** A row of the bookings list: the booking with its cabin's name and its guest's name and email. */
export type BookingListItem = WithStatus<
  Pick<
    Tables<'bookings'>,
    'id' | 'created_at' | 'startDate' | 'endDate' | 'numNights' | 'numGuests' | 'status' | 'totalPrice'
  >
> & {
  cabins: Pick<Tables<'cabins'>, 'name'> | null
  guests: Pick<Tables<'guests'>, 'fullName' | 'email'> | null
}

/** A row of a bookings export: what the list shows, with the prices, payment and notes. */
export type BookingExportRow = WithStatus<
  Pick<
    Tables<'bookings'>,
    | 'id'
    | 'created_at'
    | 'startDate'
    | 'endDate'
    | 'numNights'
    | 'numGuests'
    | 'status'
    | 'cabinPrice'
    | 'extrasPrice'
    | 'totalPrice'
    | 'hasBreakfast'
    | 'isPaid'
    | 'observations'
  >
> & {
  cabins: Pick<Tables<'cabins'>, 'name'> | null
  guests: Pick<Tables<'guests'>, 'fullName' | 'email' | 'nationality'> | null
}

export type Guest = Tables<'guests'>

/** The booking row alone, as a write returns it. */
export type BookingRecord = WithStatus<Tables<'bookings'>>

/** A booking with everything its detail, check-in and check-out screens show. */
export type Booking = BookingRecord & {
  cabins: Pick<Tables<'cabins'>, 'id' | 'name'> | null
  guests: Guest | null
}

/** The fields a check-in or check-out changes. */
export type BookingUpdate = Partial<
  WithStatus<Pick<Tables<'bookings'>, 'status' | 'isPaid' | 'hasBreakfast' | 'extrasPrice' | 'totalPrice'>>
>

/** A stay as the day sheet prints it: who, where, how long, and what the desk must know. */
export type DayStay = WithStatus<
  Pick<
    Tables<'bookings'>,
    | 'id'
    | 'startDate'
    | 'endDate'
    | 'numNights'
    | 'numGuests'
    | 'status'
    | 'hasBreakfast'
    | 'isPaid'
    | 'observations'
  >
> & {
  cabins: Pick<Tables<'cabins'>, 'name'> | null
  guests: Pick<Tables<'guests'>, 'fullName'> | null
}
