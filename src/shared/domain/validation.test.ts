import { describe, expect, it } from 'vitest'
import {
  DISCOUNT_TOO_HIGH_MESSAGE,
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  MIN_CAPACITY_MESSAGE,
  NEW_USER_PASSWORDS_DIFFER_MESSAGE,
  NEW_USER_PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  REQUIRED_MESSAGE,
  validateCabin,
  type CabinFormValues,
} from './validation'

const validCabin: CabinFormValues = {
  name: '001',
  maxCapacity: 2,
  regularPrice: 250,
  discount: 0,
  description: 'A small cabin by the lake',
  image: 'https://example.test/storage/v1/object/public/cabin-images/cabin-001.jpg',
}

describe('validateCabin', () => {
  it('accepts a complete cabin', () => {
    expect(validateCabin(validCabin, { isCreating: true })).toEqual({})
  })

  it('requires every field', () => {
    expect(validateCabin({}, { isCreating: true })).toEqual({
      name: REQUIRED_MESSAGE,
      maxCapacity: REQUIRED_MESSAGE,
      regularPrice: REQUIRED_MESSAGE,
      discount: REQUIRED_MESSAGE,
      description: REQUIRED_MESSAGE,
      image: REQUIRED_MESSAGE,
    })
  })

  it('treats blank text as missing', () => {
    expect(validateCabin({ ...validCabin, name: '  ', description: '\n' }, { isCreating: false })).toEqual({
      name: REQUIRED_MESSAGE,
      description: REQUIRED_MESSAGE,
    })
  })

  it('needs an image only when creating', () => {
    expect(validateCabin({ ...validCabin, image: null }, { isCreating: true })).toEqual({
      image: REQUIRED_MESSAGE,
    })
    expect(validateCabin({ ...validCabin, image: null }, { isCreating: false })).toEqual({})
  })

  it('needs at least one guest and a price of at least 1', () => {
    expect(
      validateCabin({ ...validCabin, maxCapacity: 0, regularPrice: 0.5 }, { isCreating: false }),
    ).toEqual({
      maxCapacity: MIN_CAPACITY_MESSAGE,
      regularPrice: MIN_CAPACITY_MESSAGE,
    })
    expect(
      validateCabin({ ...validCabin, maxCapacity: 1, regularPrice: 1, discount: 1 }, { isCreating: false }),
    ).toEqual({})
  })

  it('compares the discount with the regular price as numbers', () => {
    // As strings "90" > "100"; as numbers it is a fine discount.
    expect(validateCabin({ ...validCabin, regularPrice: 100, discount: 90 }, { isCreating: false })).toEqual(
      {},
    )
    expect(validateCabin({ ...validCabin, regularPrice: 100, discount: 100 }, { isCreating: false })).toEqual(
      {},
    )
    expect(validateCabin({ ...validCabin, regularPrice: 100, discount: 101 }, { isCreating: false })).toEqual(
      {
        discount: DISCOUNT_TOO_HIGH_MESSAGE,
      },
    )
  })
})

describe('user and password rules', () => {
  it('accepts simple addresses only', () => {
    expect(EMAIL_PATTERN.test('ana@cabins.pt')).toBe(true)
    for (const email of ['', 'ana', 'ana@cabins', 'ana @cabins.pt', '@cabins.pt'])
      expect(EMAIL_PATTERN.test(email)).toBe(false)
  })

  it('words the messages as the spec does', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address')
    expect(NEW_USER_PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 8 characters long')
    expect(NEW_USER_PASSWORDS_DIFFER_MESSAGE).toBe('Passwords do not match')
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password needs a minimum of 8 characters')
    expect(PASSWORDS_DIFFER_MESSAGE).toBe('Passwords need to match')
  })
})
