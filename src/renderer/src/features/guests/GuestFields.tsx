import { Form, Input } from 'antd'
import { useId } from 'react'
import type { GuestDraft, GuestErrors, GuestField } from '@shared/domain/guests'
import { countryFlagUrl, countryOfFlag, type Country } from '../../ui/countries'
import { flagCodeOf } from '../../ui/flagCode'
import { NationalitySelect } from '../../ui/NationalitySelect'

interface GuestFieldsProps {
  value: GuestDraft
  onChange: (value: GuestDraft) => void
  /** The messages to show under the fields (validateGuest's, once the user tried to save). */
  errors?: GuestErrors
  disabled?: boolean
  /** Focus the full name when the fields appear (a dialog that holds nothing else). */
  autoFocus?: boolean
}

/** The country a guest has: one of the list, or a stored nationality the list does not know. */
function nationalityOf({ nationality, countryFlag }: GuestDraft): Country | null {
  return (
    countryOfFlag(countryFlag) ??
    (nationality ? { code: flagCodeOf(countryFlag) ?? '', name: nationality } : null)
  )
}

/**
 * A guest's fields (full name, email, nationality with its flag, national ID), controlled, with
 * their messages: they hold no state and bind to no form store, so they sit in any form, the
 * guest's own or a booking's. Choosing a nationality sets the country flag with it.
 */
export function GuestFields({ value, onChange, errors = {}, disabled, autoFocus }: GuestFieldsProps) {
  const id = useId()
  const fieldId = (field: GuestField) => `${id}-${field}`
  const errorId = (field: GuestField) => `${id}-${field}-error`
  const set = (change: Partial<GuestDraft>) => onChange({ ...value, ...change })

  /** The label, the message and the ARIA that ties them to the input. */
  const item = (field: GuestField, label: string) => ({
    item: {
      label,
      htmlFor: fieldId(field),
      validateStatus: errors[field] ? ('error' as const) : undefined,
      help: errors[field] && <span id={errorId(field)}>{errors[field]}</span>,
    },
    input: {
      id: fieldId(field),
      disabled,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? errorId(field) : undefined,
    },
  })

  const fullName = item('fullName', 'Full name')
  const email = item('email', 'Email address')
  const nationality = item('nationality', 'Nationality')
  const nationalID = item('nationalID', 'National ID')
  return (
    <>
      <Form.Item {...fullName.item}>
        <Input
          {...fullName.input}
          autoFocus={autoFocus}
          autoComplete="off"
          value={value.fullName}
          onChange={(event) => set({ fullName: event.target.value })}
        />
      </Form.Item>
      <Form.Item {...email.item}>
        <Input
          {...email.input}
          // Not type="email": the browser's own check would stop the form before ours speaks, and
          // in a booking's form it would block the whole booking.
          inputMode="email"
          autoComplete="off"
          value={value.email}
          onChange={(event) => set({ email: event.target.value })}
        />
      </Form.Item>
      <Form.Item {...nationality.item}>
        <NationalitySelect
          id={nationality.input.id}
          disabled={disabled}
          invalid={Boolean(errors.nationality)}
          aria-describedby={nationality.input['aria-describedby']}
          value={nationalityOf(value)}
          onChange={(country) =>
            set(
              country
                ? { nationality: country.name, countryFlag: country.code ? countryFlagUrl(country.code) : '' }
                : { nationality: '', countryFlag: '' },
            )
          }
        />
      </Form.Item>
      <Form.Item {...nationalID.item}>
        <Input
          {...nationalID.input}
          autoComplete="off"
          value={value.nationalID}
          onChange={(event) => set({ nationalID: event.target.value })}
        />
      </Form.Item>
    </>
  )
}
