/** Breakfast added at check-in (spec §4, §9). */

/** Money is kept to whole cents so sums of prices never show floating-point dust. */
function toCents(amount: number): number {
  return Math.round(amount * 100) / 100
}

/** Breakfast cost = breakfastPrice × numNights × numGuests. */
export function breakfastCost(
  breakfastPrice: number,
  stay: { numNights: number; numGuests: number },
): number {
  return toCents(breakfastPrice * stay.numNights * stay.numGuests)
}

/** The booking's prices once breakfast is added: extras and total both grow by its cost. */
export function pricesWithBreakfast(
  booking: { extrasPrice: number; totalPrice: number },
  cost: number,
): { hasBreakfast: true; extrasPrice: number; totalPrice: number } {
  return {
    hasBreakfast: true,
    extrasPrice: toCents(booking.extrasPrice + cost),
    totalPrice: toCents(booking.totalPrice + cost),
  }
}
