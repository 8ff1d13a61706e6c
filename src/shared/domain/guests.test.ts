import { describe, expect, it } from 'vitest'
import {
  EMPTY_GUEST,
  FULL_NAME_REQUIRED_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  FULL_NAME_TOO_LONG_MESSAGE,
  NATIONALITY_TOO_LONG_MESSAGE,
  NATIONAL_ID_TOO_LONG_MESSAGE,
  guestDraft,
  guestInput,
  stayTotals,
  validateGuest,
  type GuestDraft,
} from './guests'
import { INVALID_EMAIL_MESSAGE } from './validation'

const ana: GuestDraft = {
  fullName: 'Ana Costa',
  email: 'ana.costa@example.com',
  nationality: 'Portugal',
  countryFlag: 'https://flagcdn.com/pt.svg',
  nationalID: '1234567890',
}

describe('validateGuest', () => {
  it('accepts a complete guest, and one with a name only', () => {
    expect(validateGuest(ana)).toEqual({})
    expect(validateGuest({ ...EMPTY_GUEST, fullName: 'Ana Costa' })).toEqual({})
  })

  it('needs a full name that is not blank', () => {
    expect(validateGuest(EMPTY_GUEST)).toEqual({ fullName: FULL_NAME_REQUIRED_MESSAGE })
    expect(validateGuest({ ...ana, fullName: ' \t\n' })).toEqual({ fullName: FULL_NAME_REQUIRED_MESSAGE })
  })

  it('counts the length of what is saved, in characters as PostgreSQL does', () => {
    expect(validateGuest({ ...ana, fullName: 'a'.repeat(100) })).toEqual({})
    expect(validateGuest({ ...ana, fullName: `  ${'a'.repeat(100)}  ` })).toEqual({})
    expect(validateGuest({ ...ana, fullName: 'a'.repeat(101) })).toEqual({
      fullName: FULL_NAME_TOO_LONG_MESSAGE,
    })
    // 100 characters that are 200 UTF-16 units
    expect(validateGuest({ ...ana, fullName: '😀'.repeat(100) })).toEqual({})
  })

  it('checks an email only when one is given', () => {
    expect(validateGuest({ ...ana, email: '  ' })).toEqual({})
    expect(validateGuest({ ...ana, email: 'ana@costa' })).toEqual({ email: INVALID_EMAIL_MESSAGE })
    expect(validateGuest({ ...ana, email: ' ana@costa.pt ' })).toEqual({})
  })

  it('limits the email to 254 characters', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`
    expect(validateGuest({ ...ana, email: longest })).toEqual({})
    expect(validateGuest({ ...ana, email: `a${longest}` })).toEqual({ email: EMAIL_TOO_LONG_MESSAGE })
  })

  it('limits the nationality and the national ID', () => {
    expect(validateGuest({ ...ana, nationality: 'x'.repeat(60), nationalID: '9'.repeat(30) })).toEqual({})
    expect(validateGuest({ ...ana, nationality: 'x'.repeat(61), nationalID: '9'.repeat(31) })).toEqual({
      nationality: NATIONALITY_TOO_LONG_MESSAGE,
      nationalID: NATIONAL_ID_TOO_LONG_MESSAGE,
    })
  })

  it('words the messages as the database does', () => {
    expect(FULL_NAME_REQUIRED_MESSAGE).toBe("Please enter the guest's full name")
    expect(FULL_NAME_TOO_LONG_MESSAGE).toBe('The full name can have at most 100 characters')
    expect(NATIONAL_ID_TOO_LONG_MESSAGE).toBe('The national ID can have at most 30 characters')
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address')
    expect(EMAIL_TOO_LONG_MESSAGE).toBe('The email can have at most 254 characters')
  })
})

describe('guestInput and guestDraft', () => {
  it('saves trimmed values and an empty optional field as null', () => {
    expect(guestInput({ ...EMPTY_GUEST, fullName: ' Ana Costa ', email: ' ', nationalID: ' 12 ' })).toEqual({
      fullName: 'Ana Costa',
      email: null,
      nationality: null,
      countryFlag: null,
      nationalID: '12',
    })
  })

  it('edits a stored guest with empty text for what is missing', () => {
    expect(
      guestDraft({
        fullName: 'Ana Costa',
        email: null,
        nationality: null,
        countryFlag: null,
        nationalID: null,
      }),
    ).toEqual({ ...EMPTY_GUEST, fullName: 'Ana Costa' })
    expect(guestDraft(guestInput(ana))).toEqual(ana)
  })
})

describe('stayTotals', () => {
  it('adds up every stay but the cancelled ones', () => {
    expect(
      stayTotals([
        { status: 'unconfirmed', numNights: 3, totalPrice: 900 },
        { status: 'cancelled', numNights: 7, totalPrice: 2100 },
        { status: 'checked-out', numNights: 4, totalPrice: 1250.5 },
        { status: 'checked-in', numNights: 5, totalPrice: 1500 },
      ]),
    ).toEqual({ stays: 3, nights: 12, amount: 3650.5 })
  })

  it('is all zeros for a guest without stays', () => {
    expect(stayTotals([])).toEqual({ stays: 0, nights: 0, amount: 0 })
  })
})
