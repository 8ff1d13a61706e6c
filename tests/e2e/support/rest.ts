import type { Page } from '@playwright/test'

/**
 * The headers the signed-in app sends to the backend (its key and the staff member's token), read
 * from one of its own requests, so a test can act through the REST API as another desk would.
 */
export async function appRestHeaders(page: Page): Promise<Record<string, string>> {
  const request = await page.waitForRequest((request) => request.url().includes('/rest/v1/'))
  const { authorization, apikey } = await request.allHeaders()
  return { authorization, apikey, 'content-type': 'application/json' }
}

/** Calls a database function through the REST API with the app's headers; throws on a refusal. */
export async function callRpc(
  page: Page,
  headers: Record<string, string>,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const response = await page.request.post(`/rest/v1/rpc/${name}`, { headers, data: args })
  if (!response.ok()) throw new Error(`${name} refused: ${response.status()} ${await response.text()}`)
  return response.json()
}
