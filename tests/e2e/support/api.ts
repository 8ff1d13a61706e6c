import { expect, type Page } from '@playwright/test'

/** The backend's REST API as the signed-in staff member, for what a test checks beside the screens. */
export interface StaffApi {
  /** Calls a database function (`POST /rest/v1/rpc/<name>`) and returns its answer. */
  rpc: <Result>(name: string, args: Record<string, unknown>) => Promise<Result>
  /** Reads rows (`GET /rest/v1/<path>`, e.g. "bookings?id=eq.3&select=cabinId"). */
  select: <Row>(path: string) => Promise<Row[]>
}

/**
 * The API with the app's own credentials: the key and the staff member's token of the app's next
 * request to it (reloading the current screen makes one). The page must be signed in.
 */
export async function staffApi(page: Page): Promise<StaffApi> {
  const request = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/rest/v1/'))
  await page.reload()
  const { apikey, authorization } = await (await request).allHeaders()
  const headers = { apikey, authorization }
  return {
    rpc: async (name, args) => {
      const response = await page.request.post(`/rest/v1/rpc/${name}`, { headers, data: args })
      expect(response.status(), `${name}: ${await response.text()}`).toBe(200)
      return response.json()
    },
    select: async (path) => {
      const response = await page.request.get(`/rest/v1/${path}`, { headers })
      expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
      return response.json()
    },
  }
}
