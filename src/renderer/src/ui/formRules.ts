import type { FormRule } from 'antd'
import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  MIN_PASSWORD_LENGTH,
  REQUIRED_MESSAGE,
} from '@shared/domain/validation'

/** Ant Design rules for the spec's form validation (the messages live in @shared/domain/validation). */
export const requiredRule: FormRule = { required: true, whitespace: true, message: REQUIRED_MESSAGE }

export const emailRule: FormRule = { pattern: EMAIL_PATTERN, message: INVALID_EMAIL_MESSAGE }

export const passwordLengthRule = (message: string): FormRule => ({ min: MIN_PASSWORD_LENGTH, message })

/** A confirmation field must repeat another field of the same form exactly. */
export function matchesFieldRule(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  })
}
