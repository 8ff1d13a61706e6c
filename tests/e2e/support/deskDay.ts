/**
 * The desk's day for every end-to-end run: the server seeds its demo bookings around it
 * (INNKEEPER_DEMO_TODAY, see playwright.config.ts) and each browser's clock starts on it
 * (support/test.ts), so a run started at 23:59 sees one "today" throughout, and the screens
 * compared with their baselines show the same dates on any day.
 */
export const DESK_TODAY = '2026-11-18'

/** 10:00 on that day in the desk's time zone (a date-time without an offset is local time). */
export const DESK_NOW = new Date(`${DESK_TODAY}T10:00:00`)
