import type { BookingStatus } from '@shared/domain/bookings'

/** A row of the bookings list: the booking with its cabin's name and its guest's name and email. */
export interface BookingListItem {
  id: number
  created_at: string
  startDate: string
  endDate: string
  numNights: number
  numGuests: number
  status: BookingStatus
  totalPrice: number
  cabins: { name: string } | null
  guests: { fullName: string; email: string | null } | null
}

export interface Guest {
  id: number
  fullName: string
  email: string | null
  nationality: string | null
  nationalID: string | null
  countryFlag: string | null
}

/** A booking with everything its detail, check-in and check-out screens show. */
export interface Booking {
  id: number
  created_at: string
  startDate: string
  endDate: string
  numNights: number
  numGuests: number
  cabinPrice: number
  extrasPrice: number
  totalPrice: number
  status: BookingStatus
  hasBreakfast: boolean
  observations: string | null
  isPaid: boolean
  cabinId: number
  guestId: number
  cabins: { id: number; name: string } | null
  guests: Guest | null
}

/** The fields a check-in or check-out changes. */
export type BookingUpdate = Partial<
  Pick<Booking, 'status' | 'isPaid' | 'hasBreakfast' | 'extrasPrice' | 'totalPrice'>
>
