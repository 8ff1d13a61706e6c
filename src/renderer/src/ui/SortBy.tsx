import { Select } from 'antd'
import type { Option } from './options'
import { useOptionParam } from './searchParams'

interface SortByProps<Value extends string> {
  options: readonly Option<Value>[]
  defaultValue: Value
}

/** The sort order, kept in the `sortBy` query parameter; changing it goes back to page 1. */
export function SortBy<Value extends string>({ options, defaultValue }: SortByProps<Value>) {
  const [value, setValue] = useOptionParam('sortBy', options, defaultValue)
  return (
    <Select<Value>
      aria-label="Sort by"
      value={value}
      onChange={setValue}
      options={options.map((option) => ({ value: option.value, label: option.label }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: '24rem' }}
    />
  )
}
