import { optionValue, type Option } from '../../ui/options'

export type PeriodParam = '7' | '30' | '90'

/** The query parameter that holds the period (?last=7|30|90), so it survives reloads and can be linked. */
export const PERIOD_PARAM = 'last'

/** The `last` query parameter's choices (spec §2, §9). */
export const PERIOD_OPTIONS: Option<PeriodParam>[] = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
]
export const DEFAULT_PERIOD: PeriodParam = '7'

/** The period's number of days in a URL's query; an absent or unknown value reads as the default. */
export function periodDays(searchParams: URLSearchParams): number {
  return Number(optionValue(PERIOD_OPTIONS, searchParams.get(PERIOD_PARAM), DEFAULT_PERIOD))
}
