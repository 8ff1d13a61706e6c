import { describe, expect, it } from 'vitest'
import { breakfastCost, pricesWithBreakfast } from './breakfast'

describe('breakfastCost', () => {
  it('is breakfastPrice × nights × guests', () => {
    expect(breakfastCost(15, { numNights: 5, numGuests: 2 })).toBe(150)
    expect(breakfastCost(15, { numNights: 1, numGuests: 1 })).toBe(15)
  })

  it('keeps whole cents', () => {
    expect(breakfastCost(12.1, { numNights: 3, numGuests: 1 })).toBe(36.3)
  })
})

describe('pricesWithBreakfast', () => {
  it('adds the cost to extras and total', () => {
    expect(pricesWithBreakfast({ extrasPrice: 0, totalPrice: 1250 }, 150)).toEqual({
      hasBreakfast: true,
      extrasPrice: 150,
      totalPrice: 1400,
    })
  })

  it('keeps extras already charged', () => {
    expect(pricesWithBreakfast({ extrasPrice: 20.1, totalPrice: 520.1 }, 0.2)).toEqual({
      hasBreakfast: true,
      extrasPrice: 20.3,
      totalPrice: 520.3,
    })
  })
})
