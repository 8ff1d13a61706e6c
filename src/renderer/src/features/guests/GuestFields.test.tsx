import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form } from 'antd'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  EMPTY_GUEST,
  FULL_NAME_REQUIRED_MESSAGE,
  validateGuest,
  type GuestDraft,
} from '@shared/domain/guests'
import { GuestFields } from './GuestFields'

/** GuestFields inside a form of its own, its value kept by the test as a parent form would. */
function Harness({ initial, onDraft }: { initial: GuestDraft; onDraft: (draft: GuestDraft) => void }) {
  const [draft, setDraft] = useState(initial)
  return (
    <Form>
      <GuestFields
        value={draft}
        errors={validateGuest(draft)}
        onChange={(next) => {
          setDraft(next)
          onDraft(next)
        }}
      />
    </Form>
  )
}

describe('GuestFields', () => {
  it('sets the nationality and its flag together, found by typing part of the name', async () => {
    const onDraft = vi.fn()
    render(<Harness initial={{ ...EMPTY_GUEST, fullName: 'Ana' }} onDraft={onDraft} />)
    await userEvent.type(screen.getByLabelText('Nationality'), 'tugal')
    await userEvent.click(await screen.findByTitle('Portugal'))
    expect(onDraft).toHaveBeenLastCalledWith({
      ...EMPTY_GUEST,
      fullName: 'Ana',
      nationality: 'Portugal',
      countryFlag: 'https://flagcdn.com/pt.svg',
    })
  })

  it('finds a country without typing its accents', async () => {
    const onDraft = vi.fn()
    render(<Harness initial={{ ...EMPTY_GUEST, fullName: 'Ana' }} onDraft={onDraft} />)
    await userEvent.type(screen.getByLabelText('Nationality'), 'turk')
    await userEvent.click(await screen.findByTitle('Türkiye'))
    expect(onDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({ nationality: 'Türkiye', countryFlag: 'https://flagcdn.com/tr.svg' }),
    )
  })

  it('lists the names that start with the text first', async () => {
    render(<Harness initial={EMPTY_GUEST} onDraft={() => {}} />)
    await userEvent.type(screen.getByLabelText('Nationality'), 'ger')
    await screen.findByTitle('Germany')
    // the popup's options (the listbox beside them, for screen readers, is named by aria-label)
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((option) =>
      option.getAttribute('title'),
    )
    expect(shown).toEqual(['Germany', 'Algeria', 'Niger', 'Nigeria'])
  })

  it('ties each message to its field', async () => {
    render(<Harness initial={{ ...EMPTY_GUEST, email: 'ana@' }} onDraft={() => {}} />)
    const fullName = screen.getByLabelText('Full name')
    expect(fullName).toHaveAttribute('aria-invalid', 'true')
    expect(fullName).toHaveAccessibleDescription(FULL_NAME_REQUIRED_MESSAGE)
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
    expect(screen.getByLabelText('National ID')).not.toHaveAttribute('aria-invalid')
    await userEvent.type(fullName, 'Ana Costa')
    expect(fullName).not.toHaveAttribute('aria-invalid')
  })

  it('keeps a stored nationality the list does not know', () => {
    render(
      <Harness
        initial={{ ...EMPTY_GUEST, fullName: 'Ana', nationality: 'Atlantis', countryFlag: '' }}
        onDraft={() => {}}
      />,
    )
    expect(screen.getByText('Atlantis')).toBeInTheDocument()
  })
})
