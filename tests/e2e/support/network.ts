import type { Page } from '@playwright/test'

interface Failure {
  /** Requests whose URL path contains this, e.g. "/rest/v1/bookings". */
  path: string
  /** Only this method fails; without it, every request to the path does. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  status?: number
  /** The error body the backend would send (PostgREST or Storage shape). */
  body: Record<string, unknown>
}

/** Makes the backend answer some requests with an error, as a broken server would; the rest go through. */
export async function failRequests(page: Page, { path, method, status = 500, body }: Failure): Promise<void> {
  await page.route(
    (url) => url.pathname.includes(path),
    (route) =>
      !method || route.request().method() === method
        ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
        : route.continue(),
  )
}

/** A PostgREST error body. */
export function restError(message: string): Record<string, unknown> {
  return { code: 'XX000', message, details: null, hint: null }
}

/**
 * Fails the reads (GET) of a path, as a server that is down, until `recover()` is called; from then
 * on they reach the backend again: the failure, then the "Try again" that works.
 */
export async function failReadsUntilRecovered(
  page: Page,
  path: string,
  body: Record<string, unknown>,
): Promise<{ recover: () => void }> {
  let failing = true
  await page.route(
    (url) => url.pathname.includes(path),
    (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(body) })
        : route.continue(),
  )
  return { recover: () => (failing = false) }
}

/**
 * Holds the reads (GET) whose URL matches until `release()` is called, as a slow network would:
 * what a screen shows while its data is on the way.
 */
export async function holdReads(
  page: Page,
  matches: (url: URL) => boolean,
): Promise<{ release: () => void }> {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(matches, async (route) => {
    if (route.request().method() === 'GET') await released
    await route.continue()
  })
  return { release }
}

/**
 * Keeps the page's live updates (issue 19) from connecting, as a desk whose connection has dropped:
 * what another desk changes then shows only when the screen asks again, so a test can act on what it
 * still shows and meet the server's refusal.
 */
export async function cutLiveUpdates(page: Page): Promise<void> {
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) =>
    socket.close({ code: 1012, reason: 'restart' }),
  )
}
