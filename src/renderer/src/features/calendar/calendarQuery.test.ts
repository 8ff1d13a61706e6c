import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setClock } from '@shared/clock'
import { loadCalendar, shouldCalendarRevalidate } from './calendarQuery'
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

describe('loadCalendar', () => {
  it('asks for the cabins and the URL’s window as the route opens', async () => {
    expect(
      loadCalendar(new QueryClient(), new URL('http://desk/calendar?from=2026-12-01&days=31')),
    ).toBeNull()
    resolveSession(true)
    await settle()
    expect(getCalendarCabins).toHaveBeenCalledTimes(1)
    expect(getCalendarWindow).toHaveBeenCalledWith('2026-12-01', 31)
  })

  it('corrects a URL naming no window, or an invalid one, in place before the page is drawn', () => {
    for (const [url, corrected] of [
      ['http://desk/calendar', '/calendar?from=2026-11-16&days=14'],
      ['http://desk/calendar?days=31', '/calendar?days=31&from=2026-11-16'],
      ['http://desk/calendar?from=someday&days=9', '/calendar?from=2026-11-16&days=14'],
    ]) {
      const answer = loadCalendar(new QueryClient(), new URL(url))
      expect(answer?.status).toBe(302)
      expect(answer?.headers.get('Location')).toBe(corrected)
      // A replace: Back does not return to the URL that named no window.
      expect(answer?.headers.get('X-Remix-Replace')).toBe('true')
    }
  })

  it('asks for the corrected window as it corrects the URL, and once', async () => {
    const queryClient = new QueryClient()
    loadCalendar(queryClient, new URL('http://desk/calendar?days=31'))
    expect(loadCalendar(queryClient, new URL('http://desk/calendar?days=31&from=2026-11-16'))).toBeNull()
    resolveSession(true)
    await settle()
    expect(getCalendarWindow).toHaveBeenCalledTimes(1)
    expect(getCalendarWindow).toHaveBeenCalledWith('2026-11-16', 31)
    // A later visit to that URL asks again.
    loadCalendar(queryClient, new URL('http://desk/calendar?days=31&from=2026-11-16'))
    resolveSession(true)
    await settle()
    expect(getCalendarWindow).toHaveBeenCalledTimes(2)
  })

  it('asks again when the desk went elsewhere before the correction was followed', async () => {
    const queryClient = new QueryClient()
    loadCalendar(queryClient, new URL('http://desk/calendar?days=31'))
    window.history.pushState(null, '', '#/guests')
    loadCalendar(queryClient, new URL('http://desk/calendar?days=31&from=2026-11-16'))
    // The mock answers the last session check only: the one call is the corrected URL's own ask.
    resolveSession(true)
    await settle()
    expect(getCalendarWindow).toHaveBeenCalledTimes(1)
    window.history.back()
  })

  it('asks for nothing without a session', async () => {
    loadCalendar(new QueryClient(), new URL('http://desk/calendar?from=2026-12-01&days=31'))
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
