import { test as base, type BrowserContext } from '@playwright/test'
import { DESK_NOW } from './deskDay'

export { expect } from '@playwright/test'

/**
 * Starts the browser's clock at the desk's day (it runs on from there, so timers and staleness work
 * as usual). Server time (tokens, created_at) stays real: it is later than the desk's clock, so
 * sessions look valid to supabase-js for longer, never expired.
 */
export async function useDeskClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: DESK_NOW })
}

/** Playwright's test with the desk's clock in every test's browser context. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await useDeskClock(context)
    await use(context)
  },
})
