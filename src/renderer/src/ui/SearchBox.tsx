import { SearchOutlined } from '@ant-design/icons'
import { Input } from 'antd'
import { useEffect, useState } from 'react'
import styles from './SearchBox.module.css'
import { useTextParam } from './searchParams'
import { TYPING_PAUSE_MS } from './useDebouncedValue'

interface SearchBoxProps {
  /** The query parameter the search is kept in. */
  param?: string
  /** The box's accessible name: "Search guests". */
  label: string
  placeholder: string
}

/**
 * A search box bound to a query parameter: the list follows what is typed once typing pauses (Enter
 * at once), from page 1, and a reload or a shared link keeps the search.
 */
export function SearchBox({ param = 'q', label, placeholder }: SearchBoxProps) {
  const [value, setValue] = useTextParam(param)
  const [text, setText] = useState(value)
  const [shownValue, setShownValue] = useState(value)
  // The address changed without typing (Back, a link): the box shows the new search. (Not when it
  // is what was typed, trimmed: the space just typed before the next word stays.)
  if (value !== shownValue) {
    setShownValue(value)
    if (value !== text.trim()) setText(value)
  }

  useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => setValue(text.trim()), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text, value, setValue])

  return (
    <Input
      className={styles.search}
      aria-label={label}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      enterKeyHint="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => setValue(text.trim())}
      style={{ width: '28rem' }}
    />
  )
}
