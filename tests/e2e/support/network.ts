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
