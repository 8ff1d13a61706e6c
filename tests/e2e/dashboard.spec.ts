import { fileURLToPath } from 'node:url'
import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { expectReadableIn, login, useDisplayMode } from './support/app'
import { DESK_NOW, DESK_TODAY } from './support/deskDay'
import { showWholeScreen } from './support/bookings'
import { logout } from './support/staff'

/** "Mon, Nov 16 2026" for the local calendar day `daysAgo` days before the desk's today. */
function rangeDate(daysAgo: number): string {
  const date = new Date(DESK_NOW)
  date.setDate(date.getDate() - daysAgo)
  const weekday = date.toLocaleDateString('en-US', { weekday: 'short' })
  const month = date.toLocaleDateString('en-US', { month: 'short' })
  const day = String(date.getDate()).padStart(2, '0')
  return `${weekday}, ${month} ${day} ${date.getFullYear()}`
}

const salesTitle = (days: number) => `Sales from ${rangeDate(days - 1)} — ${rangeDate(0)}`

async function expectPeriod(page: Page, days: number) {
  await expect(page.getByRole('radio', { name: `Last ${days} days` })).toBeChecked()
  await expect(page.getByRole('heading', { name: salesTitle(days) })).toBeVisible()
  for (const stat of ['Bookings', 'Sales', 'Check ins', 'Occupancy rate']) {
    await expect(page.getByRole('region', { name: stat, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('region', { name: 'Sales', exact: true })).toContainText('$')
  await expect(page.getByRole('region', { name: 'Occupancy rate', exact: true })).toContainText(/\d+%/)
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Stay duration summary' })).toBeVisible()
  // The charts arrive in their own chunk; their canvases show once it has loaded.
  await expect(page.locator('canvas')).not.toHaveCount(0)
}

test('the dashboard shows the last 7 days by default', async ({ page }) => {
  await login(page)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expectPeriod(page, 7)
})

for (const days of [30, 90, 7]) {
  test(`choosing "Last ${days} days" puts last=${days} in the address and shows that period`, async ({
    page,
  }) => {
    await login(page)
    // Start from another period so every choice is a change. The router takes the address's change
    // in its own task: a click before it shows would choose the period already shown (7 after login).
    const start = days === 30 ? 90 : 30
    await page.goto(`/#/dashboard?last=${start}`)
    await expect(page.getByRole('radio', { name: `Last ${start} days` })).toBeChecked()
    await page.getByText(`Last ${days} days`).click()
    await expect(page).toHaveURL(new RegExp(`#/dashboard\\?last=${days}$`))
    await expectPeriod(page, days)
  })
}

test('a period in the address is kept on reload; an unknown one falls back to 7 days', async ({ page }) => {
  await login(page)
  await page.goto('/#/dashboard?last=90')
  await expectPeriod(page, 90)
  await page.reload()
  await expectPeriod(page, 90)
  await page.goto('/#/dashboard?last=12')
  await expectPeriod(page, 7)
})

test("the dashboard makes one call for all its figures, with the desk's today and time zone", async ({
  page,
}) => {
  const calls: Record<string, unknown>[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/get_dashboard')) calls.push(request.postDataJSON())
  })
  await login(page)
  await expectPeriod(page, 7)
  expect(calls).toEqual([
    { p_today: DESK_TODAY, p_days: 7, p_time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  ])
})

test('opening the app signed in makes one call for the figures, one for the session and none for config.json', async ({
  page,
}) => {
  await login(page)
  const paths: string[] = []
  page.on('request', (request) => paths.push(new URL(request.url()).pathname))
  await page.reload()
  await expectPeriod(page, 7)
  // The layout asked on mount, after the route's loader had: its request may still be on its way.
  await page.waitForLoadState('networkidle')
  expect(paths.filter((path) => path === '/rest/v1/rpc/get_dashboard')).toHaveLength(1)
  expect(paths.filter((path) => path === '/auth/v1/user')).toHaveLength(1)
  expect(paths).not.toContain('/config.json')
})

test('opening the app signed in asks for the session and the figures before React DOM has arrived', async ({
  page,
}) => {
  await login(page)
  const asked = new Set<string>()
  let askedBoth!: () => void
  const bothAsked = new Promise<void>((resolve) => (askedBoth = resolve))
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/auth/v1/user' || pathname === '/rest/v1/rpc/get_dashboard') asked.add(pathname)
    if (asked.size === 2) askedBoth()
  })
  // The app's chunk (React DOM, Ant Design) is held back until both requests are out, or for 10 s:
  // an entry that needed it before asking would only ask once it came, late.
  let heldUntilAsked = false
  await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
    heldUntilAsked = await Promise.race([
      bothAsked.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ])
    await route.continue()
  })
  await page.reload()
  await expectPeriod(page, 7)
  expect(heldUntilAsked).toBe(true)
})

test('opening the app signed in loads the code of the dashboard in a few files', async ({ page }) => {
  await login(page)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.reload()
  await expectPeriod(page, 7)
  // Each file is a request (six at a time over HTTP/1.1) and a module the page waits for: the
  // entry, its chunk, the app and the first screen, with a few small chunks (electron.vite.config.ts).
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12)
})

test('a session the server has ended opens the login; the dashboard asked for meanwhile never shows', async ({
  page,
}) => {
  await login(page)
  const session = await page.evaluate(() => Object.entries(window.sessionStorage))
  await logout(page)
  // The tab still holds the ended session, as one left open on another desk would.
  await page.evaluate((entries) => {
    for (const [key, value] of entries) window.sessionStorage.setItem(key, value)
    window.history.replaceState(null, '', '#/dashboard')
  }, session)
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('section[aria-label="Bookings"]'))
        document.documentElement.dataset.sawFigures = ''
    }).observe(document, { childList: true, subtree: true })
  })
  // The route's loader asks for the dashboard if it finds the session still stored, which depends on
  // whether the session check has dropped it yet: the answer, when there is one, must not show.
  const dashboardAnswers: Promise<unknown>[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/get_dashboard')) dashboardAnswers.push(request.response())
  })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible()
  await Promise.all(dashboardAnswers)
  await expect(page).toHaveURL(/#\/login$/)
  await expect(page.locator('html[data-saw-figures]')).toHaveCount(0)

  await login(page)
  await expectPeriod(page, 7)
})

/** The seed lays two arrivals and two departures on the desk's today (src/server/seed/demoData.ts). */
function todayList(page: Page, kind: 'Arriving' | 'Departing'): Locator {
  return page.getByRole('region', { name: 'Today' }).getByRole('listitem').filter({ hasText: kind })
}

test("today's arrivals link to their check-in", async ({ page }) => {
  await login(page)
  const arriving = todayList(page, 'Arriving').first()
  await expect(arriving).toBeVisible()
  await expect(arriving.getByText(/\d+ nights?/)).toBeVisible()
  await arriving.getByRole('link', { name: 'Check in' }).click()
  await expect(page).toHaveURL(/#\/checkin\/\d+$/)
})

test('a departure is checked out from the dashboard, after a confirmation, and stays marked Departed', async ({
  page,
}) => {
  await login(page)
  const departing = todayList(page, 'Departing')
  const toCheckOut = departing.filter({ has: page.getByRole('button', { name: 'Check out' }) })
  await expect(toCheckOut.first()).toBeVisible()
  const departures = await departing.count()
  const waiting = await toCheckOut.count()
  await toCheckOut.first().getByRole('button', { name: 'Check out' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Check out' }).click()
  await expect(page.getByText(/Booking #\d+ has been checked out successfully/)).toBeVisible()
  await expect(toCheckOut).toHaveCount(waiting - 1)
  await expect(departing).toHaveCount(departures)
})

/**
 * The answer the seed gives on the desk's day for the last 7 days (flags, fetched from the network,
 * left out): the screens below are drawn from it, since other tests check guests in and out.
 */
const sevenDays = fileURLToPath(new URL('./fixtures/dashboard-7-days.json', import.meta.url))
/** A day half done: guests arrived and departed beside those still expected. */
const todayActivity = fileURLToPath(new URL('./fixtures/today-activity.json', import.meta.url))

for (const mode of ['light', 'dark'] as const) {
  test(`the dashboard looks right in ${mode} mode`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await showWholeScreen(page)
    await page.route('**/rest/v1/rpc/get_dashboard', (route) => route.fulfill({ path: sevenDays }))
    await page.route('**/rest/v1/rpc/get_today_activity', (route) => route.fulfill({ path: todayActivity }))
    await login(page)
    await expectPeriod(page, 7)
    await expect(page.getByRole('region', { name: 'Today' }).getByRole('listitem')).toHaveCount(6)
    await expectReadableIn(
      page,
      mode,
      page.getByRole('heading', { name: 'Dashboard' }),
      page.getByRole('heading', { name: salesTitle(7) }),
      page.getByRole('region', { name: 'Sales', exact: true }).getByRole('paragraph'),
      page.getByText('Freja Jensen').first(),
    )
    // The header's live indicator has settled (issue 19).
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible()
    await expect(page).toHaveScreenshot(`dashboard-${mode}.png`)
  })
}
