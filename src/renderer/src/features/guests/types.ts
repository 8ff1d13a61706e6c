import type { BookingStatus } from '@shared/domain/bookings'
import type { Database, Tables } from '@shared/database.types'

export type Guest = Tables<'guests'>

/** A row of the guests directory: the guest with their number of stays and their last arrival. */
export type GuestDirectoryRow = Database['public']['Functions']['guest_directory']['Returns'][number]

/** One of a guest's bookings, as their history lists it. */
export type GuestStay = Pick<
  Tables<'bookings'>,
  'id' | 'startDate' | 'endDate' | 'numNights' | 'numGuests' | 'totalPrice' | 'isPaid'
> & {
  status: BookingStatus
  cabins: Pick<Tables<'cabins'>, 'name'> | null
}
