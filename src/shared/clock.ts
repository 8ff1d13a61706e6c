/**
 * The one source of "today" (the desk's local calendar date) and "now".
 * Tests freeze it with setClock; nothing else calls new Date() for business dates.
 */
export interface Clock {
  now(): Date
}

const systemClock: Clock = { now: () => new Date() }
let current: Clock = systemClock

export function setClock(clock: Clock | null): void {
  current = clock ?? systemClock
}

export function now(): Date {
  return current.now()
}

/** Local calendar date as YYYY-MM-DD. */
export function toLocalIsoDate(date: Date): string {
  const year = date.getFullYear()
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${year}-${month}-${day}`
}

export function today(): string {
  return toLocalIsoDate(now())
}

/** The desk's IANA time zone, so SQL groups timestamps by the same local days. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
