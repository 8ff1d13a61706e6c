export interface Option<Value extends string> {
  value: Value
  label: string
}

/** The option whose value is `raw`; an absent or unknown value reads as the default. */
export function optionValue<Value extends string>(
  options: readonly Option<Value>[],
  raw: string | null,
  defaultValue: Value,
): Value {
  return options.find((option) => option.value === raw)?.value ?? defaultValue
}
