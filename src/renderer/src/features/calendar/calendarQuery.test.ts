import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setClock } from '@shared/clock'
import { prefetchCalendar, shouldCalendarRevalidate } from './calendarQuery'
import { getCalendarCabins, getCalendarWindow } from './service'

let resolveSession: (stored: boolean) => void = () => {}
vi.mock('../auth/service', () => ({
  hasSession: () => new Promise<boolean>((resolve) => (resolveSession = resolve)),
}))
vi.mock('./service', () => ({
  getCalendarCabins: vi.fn(async () => []),
  getCalendarWindow: vi.fn(async () => []),
}))

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => setClock({ now: () => new Date('2026-11-18T10:00:00') }))
afterEach(() => {
  setClock(null)
  vi.mocked(getCalendarCabins).mockClear()
  vi.mocked(getCalendarWindow).mockClear()
})

describe('prefetchCalendar', () => {
  it('asks for the cabins and the URL’s window as the route opens', async () => {
    prefetchCalendar(new QueryClient(), new URL('http://desk/calendar?from=2026-12-01&days=31'))
    resolveSession(true)
    await settle()
    expect(getCalendarCabins).toHaveBeenCalledTimes(1)
    expect(getCalendarWindow).toHaveBeenCalledWith('2026-12-01', 31)
  })

  it('asks for the default window when the URL names none', async () => {
    prefetchCalendar(new QueryClient(), new URL('http://desk/calendar'))
    resolveSession(true)
    await settle()
    expect(getCalendarWindow).toHaveBeenCalledWith('2026-11-16', 14)
  })

  it('asks for nothing without a session', async () => {
    prefetchCalendar(new QueryClient(), new URL('http://desk/calendar'))
    resolveSession(false)
    await settle()
    expect(getCalendarCabins).not.toHaveBeenCalled()
    expect(getCalendarWindow).not.toHaveBeenCalled()
  })
})

describe('shouldCalendarRevalidate', () => {
  const revalidates = (current: string, next: string, defaultShouldRevalidate = true) =>
    shouldCalendarRevalidate({
      currentUrl: new URL(`http://desk/calendar${current}`),
      nextUrl: new URL(`http://desk/calendar${next}`),
      currentParams: {},
      nextParams: {},
      defaultShouldRevalidate,
    })

  it('asks again for another window', () => {
    expect(revalidates('?from=2026-11-16&days=14', '?from=2026-11-30&days=14')).toBe(true)
    expect(revalidates('?from=2026-11-16&days=14', '?from=2026-11-16&days=31')).toBe(true)
    expect(revalidates('?from=2026-12-01&days=31', '')).toBe(true)
  })

  it('does not ask again when the URL is only corrected to name the window shown', () => {
    expect(revalidates('', '?from=2026-11-16&days=14')).toBe(false)
    expect(revalidates('?days=31', '?days=31&from=2026-11-16')).toBe(false)
    expect(revalidates('?from=someday&days=9', '?from=2026-11-16&days=14')).toBe(false)
  })

  it('never asks when the router would not', () => {
    expect(revalidates('?from=2026-11-16&days=14', '?from=2026-11-30&days=14', false)).toBe(false)
  })
})
