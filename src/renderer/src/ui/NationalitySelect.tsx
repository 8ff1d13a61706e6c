import { Select } from 'antd'
import { useMemo } from 'react'
import { COUNTRIES, countryFlagUrl, type Country } from './countries'
import { CountryFlag } from './CountryFlag'
import styles from './NationalitySelect.module.css'

interface CountryOption {
  value: string
  label: string
}

/** Lower case without accents, so "turk" finds Türkiye and "cote" Côte d'Ivoire. */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

const LISTED: CountryOption[] = COUNTRIES.map(({ code, name }) => ({ value: code, label: name }))

function CountryLabel({ code, name }: { code: string; name: string }) {
  return (
    <span className={styles.country}>
      <CountryFlag
        flag={code ? countryFlagUrl(code) : null}
        country={name}
        className={styles.flag}
        decorative
      />
      <span className={styles.name}>{name}</span>
    </span>
  )
}

interface NationalitySelectProps {
  /** The chosen country; a stored nationality that is not in the list is kept and shown as it is. */
  value: Country | null
  onChange: (country: Country | null) => void
  id?: string
  disabled?: boolean
  invalid?: boolean
  'aria-describedby'?: string
}

/**
 * A country from the list, found by typing any part of its name (names that start with the text
 * first), each with its flag. Clearing it leaves the guest without a nationality.
 */
export function NationalitySelect({
  value,
  onChange,
  id,
  disabled,
  invalid,
  ...aria
}: NationalitySelectProps) {
  const options = useMemo(() => {
    const unlisted = value && !LISTED.some((option) => option.value === value.code)
    return unlisted ? [{ value: value.code, label: value.name }, ...LISTED] : LISTED
  }, [value])

  return (
    <Select<string, CountryOption>
      id={id}
      value={value?.code}
      placeholder="Choose a country"
      options={options}
      allowClear
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      // The list takes the field's width as it opens. Opened while a dialog still zooms in (typing at
      // once), that is the field's scaled width, a few letters wide: never narrower than a long name.
      styles={{ popup: { root: { minWidth: '24rem' } } }}
      aria-invalid={invalid || undefined}
      aria-describedby={aria['aria-describedby']}
      showSearch={{
        filterOption: (text, option) =>
          Boolean(option && searchable(option.label).includes(searchable(text))),
        filterSort: (a, b, { searchValue }) => {
          const text = searchable(searchValue)
          const startsA = searchable(a.label).startsWith(text)
          const startsB = searchable(b.label).startsWith(text)
          return startsA === startsB ? a.label.localeCompare(b.label, 'en') : startsA ? -1 : 1
        },
      }}
      optionRender={(option) => <CountryLabel code={option.data.value} name={option.data.label} />}
      labelRender={(selected) => <CountryLabel code={String(selected.value)} name={String(selected.label)} />}
      onChange={(code) => {
        const chosen = options.find((option) => option.value === code)
        onChange(chosen ? { code: chosen.value, name: chosen.label } : null)
      }}
    />
  )
}
