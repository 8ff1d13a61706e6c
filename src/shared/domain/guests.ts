/**
 * A guest's rules and their messages, the same sentences the database's trigger on guests raises
 * (contract of issue 16), so the form says first what the server would refuse.
 */
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './validation'

export const MAX_FULL_NAME_LENGTH = 100
export const MAX_NATIONALITY_LENGTH = 60
export const MAX_NATIONAL_ID_LENGTH = 30
/** The longest address mail can carry (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254

export const FULL_NAME_REQUIRED_MESSAGE = "Please enter the guest's full name"
export const FULL_NAME_TOO_LONG_MESSAGE = 'The full name can have at most 100 characters'
export const NATIONALITY_TOO_LONG_MESSAGE = 'The nationality can have at most 60 characters'
export const NATIONAL_ID_TOO_LONG_MESSAGE = 'The national ID can have at most 30 characters'
export const EMAIL_TOO_LONG_MESSAGE = 'The email can have at most 254 characters'

/**
 * A guest as the form edits it and as the server stores it (the columns of `guests`, also the
 * `p_new_guest` of create_booking). Optional fields are '' when empty in the form.
 */
export interface GuestDraft {
  fullName: string
  email: string
  nationality: string
  /** `https://flagcdn.com/<code>.svg`, set together with the nationality. */
  countryFlag: string
  nationalID: string
}

export type GuestField = keyof GuestDraft
export type GuestErrors = Partial<Record<GuestField, string>>

export const EMPTY_GUEST: GuestDraft = {
  fullName: '',
  email: '',
  nationality: '',
  countryFlag: '',
  nationalID: '',
}

/** What is saved: every field trimmed, an empty optional field as null. */
export interface GuestInput {
  fullName: string
  email: string | null
  nationality: string | null
  countryFlag: string | null
  nationalID: string | null
}

export function guestInput(draft: GuestDraft): GuestInput {
  const optional = (value: string) => value.trim() || null
  return {
    fullName: draft.fullName.trim(),
    email: optional(draft.email),
    nationality: optional(draft.nationality),
    countryFlag: optional(draft.countryFlag),
    nationalID: optional(draft.nationalID),
  }
}

/** A stored guest (nulls for what is missing) as the form edits it. */
export function guestDraft(guest: { [Field in GuestField]: string | null }): GuestDraft {
  return {
    fullName: guest.fullName ?? '',
    email: guest.email ?? '',
    nationality: guest.nationality ?? '',
    countryFlag: guest.countryFlag ?? '',
    nationalID: guest.nationalID ?? '',
  }
}

/** Characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
function characters(value: string): number {
  return [...value].length
}

/** Every rule at once, on the values as they will be saved (trimmed). */
export function validateGuest(draft: GuestDraft): GuestErrors {
  const guest = guestInput(draft)
  const errors: GuestErrors = {}
  if (!guest.fullName) errors.fullName = FULL_NAME_REQUIRED_MESSAGE
  else if (characters(guest.fullName) > MAX_FULL_NAME_LENGTH) errors.fullName = FULL_NAME_TOO_LONG_MESSAGE
  if (guest.email && characters(guest.email) > MAX_EMAIL_LENGTH) errors.email = EMAIL_TOO_LONG_MESSAGE
  else if (guest.email && !EMAIL_PATTERN.test(guest.email)) errors.email = INVALID_EMAIL_MESSAGE
  if (guest.nationality && characters(guest.nationality) > MAX_NATIONALITY_LENGTH)
    errors.nationality = NATIONALITY_TOO_LONG_MESSAGE
  if (guest.nationalID && characters(guest.nationalID) > MAX_NATIONAL_ID_LENGTH)
    errors.nationalID = NATIONAL_ID_TOO_LONG_MESSAGE
  return errors
}

export function hasErrors(errors: GuestErrors): boolean {
  return Object.keys(errors).length > 0
}

/** What a guest's stays add up to: cancelled bookings never happened and count for nothing. */
export interface StayTotals {
  stays: number
  nights: number
  amount: number
}

export function stayTotals(
  stays: readonly { status: string; numNights: number; totalPrice: number }[],
): StayTotals {
  return stays
    .filter((stay) => stay.status !== 'cancelled')
    .reduce(
      (totals, stay) => ({
        stays: totals.stays + 1,
        nights: totals.nights + stay.numNights,
        amount: totals.amount + stay.totalPrice,
      }),
      { stays: 0, nights: 0, amount: 0 },
    )
}
