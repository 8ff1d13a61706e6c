import dayjs from 'dayjs'
import { addDays } from '@shared/domain/format'

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
