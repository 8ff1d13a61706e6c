import type { Option } from './options'
import { useOptionParam } from './searchParams'
import { Segments } from './Segments'

interface FilterProps<Value extends string> {
  /** The query parameter the filter is kept in. */
  param: string
  options: readonly Option<Value>[]
  defaultValue: Value
  label: string
}

/** A segmented filter bound to a query parameter; changing it goes back to page 1. */
export function Filter<Value extends string>({ param, options, defaultValue, label }: FilterProps<Value>) {
  const [value, setValue] = useOptionParam(param, options, defaultValue)
  return (
    <Segments<Value>
      aria-label={label}
      options={options.map((option) => ({ value: option.value, label: option.label }))}
      value={value}
      onChange={setValue}
    />
  )
}
