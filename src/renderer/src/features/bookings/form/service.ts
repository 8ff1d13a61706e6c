import type { GuestInput } from '@shared/domain/guests'
import type { PricedStay, StayDates, StayPrices } from '@shared/domain/reservations'
import { NotFoundError } from '../../../lib/notFound'
import { supabase } from '../../../lib/supabase'
import type { Guest } from '../types'

/** A stay being looked for: its dates, its guests and, when changing one, the booking itself. */
export interface StayQuery extends StayDates {
  numGuests: number
  /** The booking being changed: its own nights do not count as taken. */
  bookingId?: number
}

/** A cabin free for every night of a stay, with its prices for that stay (free_cabins). */
export interface FreeCabin {
  id: number
  name: string
  maxCapacity: number
  regularPrice: number
  discount: number
  image: string | null
  pricePerNight: number
  numNights: number
  cabinPrice: number
}

export async function getFreeCabins({
  startDate,
  endDate,
  numGuests,
  bookingId,
}: StayQuery): Promise<FreeCabin[]> {
  const { data, error } = await supabase().rpc('free_cabins', {
    p_start_date: startDate,
    p_end_date: endDate,
    p_num_guests: numGuests,
    p_booking_id: bookingId,
  })
  if (error) throw new Error('Free cabins could not be loaded', { cause: error })
  return data
}

/** The prices the database would store for a stay (quote_stay): a checked-in stay's new departure. */
export async function quoteStay(stay: PricedStay): Promise<StayPrices> {
  const { data, error } = await supabase().rpc('quote_stay', {
    p_cabin_id: stay.cabinId,
    p_start_date: stay.startDate,
    p_end_date: stay.endDate,
    p_num_guests: stay.numGuests,
    p_has_breakfast: stay.hasBreakfast,
  })
  if (error) throw new Error('The new prices could not be loaded', { cause: error })
  return data[0]
}

/** A stay of the same length that still has free cabins (stay_suggestions). */
export interface StaySuggestion extends StayDates {
  freeCabins: number
}

export async function getStaySuggestions(stay: StayQuery, today: string): Promise<StaySuggestion[]> {
  const { data, error } = await supabase().rpc('stay_suggestions', {
    p_start_date: stay.startDate,
    p_end_date: stay.endDate,
    p_num_guests: stay.numGuests,
    p_today: today,
    p_booking_id: stay.bookingId,
  })
  if (error) throw new Error('Other dates could not be loaded', { cause: error })
  return data
}

/** Guests whose name, email or national ID contain the text, best first, searched on the server. */
export async function searchGuests(query: string): Promise<Guest[]> {
  const { data, error } = await supabase().rpc('search_guests', { p_query: query })
  if (error) throw new Error('Guests could not be searched', { cause: error })
  return data
}

/** What the booking form sends: the stay, its extras and the total the form showed. */
export interface BookingRequest extends StayDates {
  cabinId: number
  numGuests: number
  hasBreakfast: boolean
  isPaid: boolean
  observations: string
  /** The total on screen: the server refuses the booking if its own differs. */
  expectedTotalPrice: number
  /** The desk's day. */
  today: string
}

/** For a known guest, or for a new one created with the booking (guestInput of the typed fields). */
export type NewBookingRequest = BookingRequest & ({ guestId: number } | { newGuest: GuestInput })

function stayArguments(request: BookingRequest) {
  return {
    p_cabin_id: request.cabinId,
    p_start_date: request.startDate,
    p_end_date: request.endDate,
    p_num_guests: request.numGuests,
    p_has_breakfast: request.hasBreakfast,
    p_is_paid: request.isPaid,
    p_observations: request.observations,
    p_expected_total_price: request.expectedTotalPrice,
    p_today: request.today,
  }
}

/** Creates an unconfirmed booking (and its new guest, in the same transaction); returns its id. */
export async function createBooking(request: NewBookingRequest): Promise<number> {
  const { data, error } = await supabase().rpc('create_booking', {
    ...stayArguments(request),
    ...('guestId' in request
      ? { p_guest_id: request.guestId } // A copy as a plain object: the database takes the guest as JSON.
      : { p_new_guest: { ...request.newGuest } }),
  })
  if (error) throw new Error('Booking could not be created', { cause: error })
  return data
}

/** PostgreSQL's "no data found", which change_booking raises for a booking that does not exist. */
const NO_DATA_FOUND = 'P0002'

export async function changeBooking(bookingId: number, request: BookingRequest): Promise<void> {
  const { error } = await supabase().rpc('change_booking', {
    p_booking_id: bookingId,
    ...stayArguments(request),
  })
  if (error?.code === NO_DATA_FOUND) throw new NotFoundError('Booking not found', { cause: error })
  if (error) throw new Error('Booking could not be updated', { cause: error })
}
