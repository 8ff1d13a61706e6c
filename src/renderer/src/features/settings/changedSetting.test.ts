import { describe, expect, it } from 'vitest'
import { changedSetting } from './changedSetting'

const saved = {
  id: 1,
  minBookingLength: 3,
  maxBookingLength: 90,
  maxGuestsPerBooking: 8,
  breakfastPrice: 15,
  businessName: '',
}

describe('changedSetting', () => {
  it('saves a changed value as a number', () => {
    expect(changedSetting('minBookingLength', 4, saved)).toEqual({ minBookingLength: 4 })
    expect(changedSetting('breakfastPrice', '17.5', saved)).toEqual({ breakfastPrice: 17.5 })
  })

  it('saves nothing for an empty field', () => {
    expect(changedSetting('maxBookingLength', null, saved)).toBeNull()
    expect(changedSetting('maxBookingLength', '', saved)).toBeNull()
  })

  it('compares numbers as numbers, so an unchanged value is not saved again', () => {
    expect(changedSetting('maxGuestsPerBooking', 8, saved)).toBeNull()
    expect(changedSetting('breakfastPrice', '15.00', saved)).toBeNull()
  })

  it('saves zero, which is a value and not an empty field', () => {
    expect(changedSetting('breakfastPrice', 0, saved)).toEqual({ breakfastPrice: 0 })
  })
})
