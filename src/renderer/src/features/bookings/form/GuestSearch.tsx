import { Select } from 'antd'
import { useState } from 'react'
import { CountryFlag } from '../../../ui/CountryFlag'
import type { Guest } from '../types'
import styles from './BookingForm.module.css'
import { MIN_GUEST_SEARCH_LENGTH, useGuestSearch } from './useGuestSearch'

interface GuestSearchProps {
  /** Form.Item gives the chosen guest's id and its change handler. */
  value?: number
  onChange?: (guestId: number | undefined) => void
  /** The guest chosen before (a guest's page prefills one), so it shows by name. */
  initialGuest?: Guest
  id?: string
}

export function GuestLabel({ guest }: { guest: Guest }) {
  const details = [guest.email, guest.nationalID].filter(Boolean).join(' · ')
  return (
    <span className={styles.guest}>
      <CountryFlag flag={guest.countryFlag} country={guest.nationality ?? 'unknown country'} />
      <span className={styles.guestName}>{guest.fullName}</span>
      {details && <span className={styles.guestDetails}>{details}</span>}
    </span>
  )
}

/**
 * Finds a guest as the desk types a name, an email or a national ID: the server searches (the table
 * is never downloaded), arrows move through the answers and Enter picks one.
 */
export function GuestSearch({ value, onChange, initialGuest, id }: GuestSearchProps) {
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<Guest | undefined>(initialGuest)
  const { guests, isSearching, isWaiting, error, isSearchable } = useGuestSearch(text)
  // The chosen guest stays among the options, so the box keeps showing their name after a new search.
  const options = [...(chosen && !guests.some(({ id }) => id === chosen.id) ? [chosen] : []), ...guests]

  const status = !isSearchable
    ? `Type at least ${MIN_GUEST_SEARCH_LENGTH} letters of a name, an email or a national ID`
    : error
      ? 'Guests could not be searched: try again'
      : isSearching || isWaiting
        ? 'Searching…'
        : `No guest matches “${text.trim()}”`

  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      className={styles.fullWidth}
      placeholder="Search by name, email or national ID"
      value={value}
      onChange={(guestId) => {
        setChosen(options.find((guest) => guest.id === guestId))
        onChange?.(guestId)
      }}
      loading={isSearching}
      notFoundContent={status}
      options={(isSearchable || !text ? options : []).map((guest) => ({
        value: guest.id,
        label: <GuestLabel guest={guest} />,
        title: guest.fullName,
        // What a screen reader says for the option (its visible label is not plain text).
        'aria-label': [guest.fullName, guest.email, guest.nationalID].filter(Boolean).join(', '),
      }))}
      popupMatchSelectWidth
    />
  )
}
