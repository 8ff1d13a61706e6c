import dayjs from 'dayjs'
import { addDays } from '@shared/domain/format'
import type { Option } from '../../ui/searchParams'

export type PeriodParam = '7' | '30' | '90'

/** The `last` query parameter's choices (spec §2, §9). */
export const PERIOD_OPTIONS: Option<PeriodParam>[] = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
]
export const DEFAULT_PERIOD: PeriodParam = '7'

/** First day of the `days` days that end today (inclusive). */
export function periodStart(today: string, days: number): string {
  return addDays(today, -(days - 1))
}

/** "Mon, Nov 16 2026" */
export function formatRangeDate(date: string): string {
  return dayjs(date).format('ddd, MMM DD YYYY')
}

/** "Sales from Mon, Nov 16 2026 — Sun, Nov 22 2026" */
export function salesRangeTitle(today: string, days: number): string {
  return `Sales from ${formatRangeDate(periodStart(today, days))} — ${formatRangeDate(today)}`
}
