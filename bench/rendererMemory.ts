import { chromium, type Page } from 'playwright-core'
import { chromiumLaunchOptions } from '../tests/support/chromium'
import { signedInSession } from './renderer'

export interface HeapFigures {
  /** The page's JavaScript heap after every screen was visited and garbage was collected, MB (median of the runs). */
  heapMb: number
  /** Each run's figure, MB. */
  runsMb: number[]
  /** The screens each run visited, in order. */
  screens: string[]
}

/** Every link of the sidebar (an admin sees them all) and the account screen in the header. */
const SIDEBAR = ['Home', 'Bookings', 'Calendar', 'Guests', 'Cabins', 'Users', 'Activity', 'Settings']

/**
 * Chromium opening the app signed in as the demo admin, then visiting every screen once as a desk
 * would, by clicking the sidebar, and a page of each kind of record (a booking, its change form and
 * its check-in, a guest, a new booking): what the renderer holds after a morning's round, once
 * garbage is collected (CDP `HeapProfiler.collectGarbage`, then `Performance.getMetrics`'
 * `JSHeapUsedSize`). Each run is a fresh browser context.
 */
export async function rendererHeapAfterVisits(url: string, runs: number): Promise<HeapFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const session = await signedInSession(browser, url)
    const runsMb: number[] = []
    let screens: string[] = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
      await context.addInitScript((entries: [string, string][]) => {
        for (const [key, value] of entries) window.sessionStorage.setItem(key, value)
      }, session)
      const page = await context.newPage()
      screens = await visitEveryScreen(page, url)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable')
      // Twice: the first collection can leave objects whose finalizers free more.
      await cdp.send('HeapProfiler.collectGarbage')
      await cdp.send('HeapProfiler.collectGarbage')
      const { metrics } = await cdp.send('Performance.getMetrics')
      const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value
      if (used === undefined) throw new Error('Chromium reported no JSHeapUsedSize')
      runsMb.push(used / 1024 / 1024)
      await context.close()
    }
    const sorted = [...runsMb].sort((a, b) => a - b)
    return { heapMb: sorted[Math.floor((sorted.length - 1) / 2)], runsMb, screens }
  } finally {
    await browser.close()
  }
}

async function visitEveryScreen(page: Page, url: string): Promise<string[]> {
  const visited: string[] = ['Dashboard']
  await page.goto(`${url}/#/dashboard`)
  await settled(page)
  /** Goes to another screen and waits until it has replaced this one and loaded. */
  const visit = async (name: string, go: () => Promise<unknown>) => {
    const before = await page.locator('main h1').first().elementHandle()
    await go()
    await page.waitForFunction((heading) => !heading?.isConnected, before)
    await settled(page)
    visited.push(name)
  }
  const main = page.getByRole('navigation', { name: 'Main' })
  // The dashboard is open already: Home is its link.
  for (const label of SIDEBAR.slice(1)) {
    await visit(label, () => main.getByRole('link', { name: label, exact: true }).click())
  }
  await visit('Account', () => page.getByRole('button', { name: 'Account', exact: true }).click())
  await visit('Dashboard', () => main.getByRole('link', { name: 'Home', exact: true }).click())

  const open = (hash: string, name: string) =>
    visit(name, () => page.evaluate((to) => (window.location.hash = to), hash))
  await open('#/bookings', 'Bookings')
  const booking = await firstRecord(page, 'bookings')
  await open(`#/bookings/${booking}`, 'Booking')
  // The guests list opens a guest from its rows' menu; the booking's page links to its guest.
  const guest = await firstRecord(page, 'guests')
  await open(`#/bookings/${booking}/edit`, 'Change booking')
  await open(`#/checkin/${booking}`, 'Check in')
  await open('#/bookings/new', 'New booking')
  await open(`#/guests/${guest}`, 'Guest')
  return visited
}

/** The id of the first record of the kind the screen links to (`#/bookings/12…` → '12'). */
async function firstRecord(page: Page, kind: 'bookings' | 'guests'): Promise<string> {
  const hrefs = await page
    .locator('main a[href^="#/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  const id = hrefs.map((href) => new RegExp(`^#/${kind}/(\\d+)`).exec(href)?.[1]).find(Boolean)
  if (!id) throw new Error(`No link on ${page.url()} leads to one of the ${kind}`)
  return id
}

/** The screen has its heading and nothing on it is still loading (skeletons, spinners, busy parts). */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor()
  await page.waitForFunction(
    () => !document.querySelector('main [aria-busy="true"], main .ant-skeleton, main .ant-spin-spinning'),
    undefined,
    { polling: 100, timeout: 30_000 },
  )
}
