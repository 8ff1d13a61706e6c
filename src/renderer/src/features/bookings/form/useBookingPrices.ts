import { useQuery } from '@tanstack/react-query'
import { isSamePricedStay, stayPrices, type PricedStay, type StayPrices } from '@shared/domain/reservations'
import { useFailureToast } from '../../../ui/failureToast'
import { bookingKeys } from '../queryKeys'
import type { Booking } from '../types'
import type { FreeCabin } from './service'
import { quoteStay } from './service'

interface BookingPricesInput {
  /** The stay as the form holds it now; undefined while it breaks a rule or lacks a cabin. */
  stay: PricedStay | undefined
  /** The chosen cabin as free_cabins priced it (a new or unconfirmed booking). */
  freeCabin: FreeCabin | undefined
  breakfastPrice: number
  /** The booking being changed. */
  original?: Booking
}

/**
 * The prices the form shows and sends as the expected total, the very ones the database will store:
 * a booking whose stay does not change keeps its own; a cabin from the free list is priced as it says
 * (plus breakfast); a checked-in stay, which keeps its cabin, is quoted by the database.
 */
export function useBookingPrices({ stay, freeCabin, breakfastPrice, original }: BookingPricesInput) {
  const unchanged = stay !== undefined && original !== undefined && isSamePricedStay(stay, original)
  const needsQuote = stay !== undefined && !unchanged && original?.status === 'checked-in'
  const quote = useQuery({
    queryKey: bookingKeys.quote(stay),
    queryFn: () => quoteStay(stay!),
    enabled: needsQuote,
  })
  useFailureToast(quote.error)

  let prices: StayPrices | undefined
  if (unchanged) prices = original
  else if (needsQuote) prices = quote.data
  else if (stay && freeCabin?.id === stay.cabinId)
    prices = stayPrices(freeCabin.cabinPrice, { ...stay, breakfastPrice, numNights: freeCabin.numNights })
  return { prices, quote }
}
