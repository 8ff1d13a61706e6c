/** Form rules and their messages, word for word as spec §5 states them. */

export const REQUIRED_MESSAGE = 'This field is required'

// Cabin form
export const MIN_CABIN_CAPACITY = 1
export const MIN_CABIN_REGULAR_PRICE = 1
export const DEFAULT_CABIN_DISCOUNT = 0
/** The spec uses the capacity wording for the regular price minimum too. */
export const MIN_CAPACITY_MESSAGE = 'Capacity should be at least 1 person'
export const DISCOUNT_TOO_HIGH_MESSAGE = 'Discount should be less than regular price'

// New user and password change
export const MIN_PASSWORD_LENGTH = 8
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address'
export const NEW_USER_PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long'
export const NEW_USER_PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match'
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password needs a minimum of 8 characters'
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords need to match'

/** A simple address pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface CabinFormValues {
  name?: string
  maxCapacity?: number | null
  regularPrice?: number | null
  discount?: number | null
  description?: string
  /** A newly picked file, or the URL of the image the cabin already has. */
  image?: File | string | null
}

export type CabinField = keyof CabinFormValues
export type CabinFormErrors = Partial<Record<CabinField, string>>

function isBlank(value: string | undefined): boolean {
  return !value || value.trim() === ''
}

function isMissingNumber(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || Number.isNaN(value)
}

/**
 * Every rule of the cabin form at once, so a field's message can depend on another field
 * (the discount on the regular price). The image is required only when creating a cabin.
 */
export function validateCabin(
  values: CabinFormValues,
  { isCreating }: { isCreating: boolean },
): CabinFormErrors {
  const errors: CabinFormErrors = {}
  if (isBlank(values.name)) errors.name = REQUIRED_MESSAGE

  if (isMissingNumber(values.maxCapacity)) errors.maxCapacity = REQUIRED_MESSAGE
  else if (values.maxCapacity < MIN_CABIN_CAPACITY) errors.maxCapacity = MIN_CAPACITY_MESSAGE

  if (isMissingNumber(values.regularPrice)) errors.regularPrice = REQUIRED_MESSAGE
  else if (values.regularPrice < MIN_CABIN_REGULAR_PRICE) errors.regularPrice = MIN_CAPACITY_MESSAGE

  if (isMissingNumber(values.discount)) errors.discount = REQUIRED_MESSAGE
  else if (!isMissingNumber(values.regularPrice) && Number(values.discount) > Number(values.regularPrice))
    errors.discount = DISCOUNT_TOO_HIGH_MESSAGE

  if (isBlank(values.description)) errors.description = REQUIRED_MESSAGE
  if (isCreating && !values.image) errors.image = REQUIRED_MESSAGE
  return errors
}
