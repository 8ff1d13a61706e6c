import { Form } from 'antd'
import type { ReactNode } from 'react'
import { EMPTY_GUEST, guestInput, type GuestDraft, type GuestInput } from '@shared/domain/guests'
import { formLayout } from '../../ui/FormLayout'
import { GuestFields } from './GuestFields'
import { useGuestDraft } from './useGuestDraft'

interface GuestFormProps {
  /** The form's id, for a submit button outside it (a dialog's footer). */
  id: string
  initial?: GuestDraft
  disabled?: boolean
  autoFocus?: boolean
  /** Called with the guest as it is saved, once every rule holds. */
  onSave: (guest: GuestInput) => void
  /** Buttons inside the form, under the fields. */
  children?: ReactNode
  className?: string
}

/** A guest's own form (new guest, the guest's page): the fields, checked first, then saved. */
export function GuestForm({
  id,
  initial = EMPTY_GUEST,
  disabled,
  autoFocus,
  onSave,
  children,
  className,
}: GuestFormProps) {
  const { draft, setDraft, errors, checkBeforeSaving } = useGuestDraft(initial)
  return (
    <Form
      {...formLayout}
      className={[formLayout.className, className].filter(Boolean).join(' ')}
      id={id}
      disabled={disabled}
      onFinish={() => {
        if (checkBeforeSaving()) onSave(guestInput(draft))
      }}
    >
      <GuestFields
        value={draft}
        onChange={setDraft}
        errors={errors}
        disabled={disabled}
        autoFocus={autoFocus}
      />
      {children}
    </Form>
  )
}
