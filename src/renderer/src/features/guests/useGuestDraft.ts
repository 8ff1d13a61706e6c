import { useState } from 'react'
import { EMPTY_GUEST, hasErrors, validateGuest, type GuestDraft } from '@shared/domain/guests'

/**
 * A guest being typed, for GuestFields: its messages appear once the user has tried to save and
 * then follow every keystroke, so nobody is scolded for a field they have not reached yet.
 */
export function useGuestDraft(initial: GuestDraft = EMPTY_GUEST) {
  const [draft, setDraft] = useState(initial)
  const [triedToSave, setTriedToSave] = useState(false)
  const errors = triedToSave ? validateGuest(draft) : {}

  /** Shows the messages; true when the guest can be saved. */
  function checkBeforeSaving(): boolean {
    setTriedToSave(true)
    return !hasErrors(validateGuest(draft))
  }

  return { draft, setDraft, errors, checkBeforeSaving }
}
