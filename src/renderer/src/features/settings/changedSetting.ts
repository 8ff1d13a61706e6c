import type { SettingName, Settings, SettingsPatch } from './service'

/** What to save when a field loses focus: nothing if it is empty or still holds the saved value. */
export function changedSetting(
  name: SettingName,
  value: number | string | null | undefined,
  saved: Settings,
): SettingsPatch | null {
  if (value === null || value === undefined || value === '') return null
  const number = Number(value)
  if (Number.isNaN(number) || number === Number(saved[name])) return null
  return { [name]: number }
}
