// Pure: a bundle that formats nothing (the backend's) drops them, and never loads ICU's number data
// (about 5 MB of the binary's pages resident in the backend; issue 21).
const usd = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Money is shown in English locale as US dollars everywhere. */
export function formatCurrency(value: number): string {
  return usd.format(value)
}

const wholePercent = /* @__PURE__ */ new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 0,
})

/**
 * A share (0..1) as a whole percent, rounded half up from its exact decimal value (0.285 → "29%",
 * where Math.round(0.285 * 100) gives 28). Shares arrive unrounded: rounding twice turns 20.497 % into 21 %.
 */
export function formatPercent(share: number): string {
  return wholePercent.format(share)
}

const DAY_MS = 86_400_000

/** Days between two YYYY-MM-DD calendar dates (b − a), immune to daylight-saving shifts. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)
}

/** Whether a value (from a URL, say) is a YYYY-MM-DD date of a day that exists: not 2027-02-30. */
export function isCalendarDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const day = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** A count with its noun, singular for one: "1 guest", "2 guests", "0 nights". */
export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

/** A calendar distance in words, rounded the way people say it: "3 days", "2 months", "1 year". */
function distanceInWords(days: number): string {
  if (days < 45) return plural(days, 'day')
  if (days < 365) return plural(Math.round(days / 30.44), 'month')
  return plural(Math.round(days / 365.25), 'year')
}

/**
 * "In 3 days" / "3 days ago" relative to the desk's today, or "Today".
 * (The spec's wording: a distance with a suffix, never "about".)
 */
export function formatDistanceFromToday(date: string, today: string): string {
  const days = daysBetween(today, date)
  if (days === 0) return 'Today'
  const words = distanceInWords(Math.abs(days))
  return days > 0 ? `In ${words}` : `${words} ago`
}

/** "Mon, Jun 15 2026" for a YYYY-MM-DD calendar date, independent of the machine's time zone. */
export function formatStayDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** A timestamp (created_at) in the desk's local time: "Tue, Jun 02 2026, 10:04 AM". */
export function formatTimestamp(timestamp: string): string {
  return new Date(timestamp).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}
