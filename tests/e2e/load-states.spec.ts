import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login } from './support/app'
import { bookingIdsShown, bookingRows, breakfastIncluded, findBooking } from './support/bookings'
import { failReadsUntilRecovered, holdReads, restError } from './support/network'

// Issue 15 items 1 and 2: every screen tells loading, empty, not found and failed apart; a failure
// says what failed and retries in place; loading keeps the page (skeletons, previous rows dimmed).

const SERVER_DOWN = 'The database is not available'

interface Screen {
  name: string
  /** The screen's address; a booking's needs the id of one that exists. */
  url: (bookingId: number) => string
  /** The REST path of the screen's data. */
  path: string
  failedTitle: string
  /** What the screen would say about no data: never shown for a failure. */
  emptyText: string
  /** The data, as the screen shows it once loaded. */
  loaded: (page: Page) => Locator
}

const SCREENS: Screen[] = [
  {
    name: 'Bookings',
    url: () => '/#/bookings',
    path: '/rest/v1/bookings',
    failedTitle: 'Bookings could not be loaded',
    emptyText: 'No bookings could be found.',
    loaded: (page) => bookingRows(page).first(),
  },
  {
    name: 'a booking',
    url: (id) => `/#/bookings/${id}`,
    path: '/rest/v1/bookings',
    failedTitle: 'Booking could not be loaded',
    emptyText: 'No booking could be found.',
    loaded: (page) => page.getByText('Breakfast included?'),
  },
  {
    name: 'Check in',
    url: (id) => `/#/checkin/${id}`,
    path: '/rest/v1/bookings',
    failedTitle: 'Booking could not be loaded',
    emptyText: 'No booking could be found.',
    loaded: (page) => page.getByText('Breakfast included?'),
  },
  {
    name: 'Cabins',
    url: () => '/#/cabins',
    path: '/rest/v1/cabins',
    failedTitle: 'Cabins could not be loaded',
    emptyText: 'No cabins could be found.',
    loaded: (page) => page.getByRole('button', { name: /^Actions for cabin / }).first(),
  },
  {
    name: 'Settings',
    url: () => '/#/settings',
    path: '/rest/v1/settings',
    failedTitle: 'Settings could not be loaded',
    emptyText: 'No settings to show',
    loaded: (page) => page.getByLabel('Breakfast price'),
  },
]

/** A booking that exists, read from the list before any failure is injected. */
async function anyBookingId(page: Page): Promise<number> {
  await page.goto('/#/bookings')
  const [id] = await bookingIdsShown(page)
  return id
}

/** Marks the running page, so a later check can tell that it was not reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
}

async function wasReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => !(window as unknown as { notReloaded?: boolean }).notReloaded)
}

test.beforeEach(async ({ page }) => {
  await login(page)
})

for (const screen of SCREENS) {
  test(`${screen.name}: a failed load says what failed and tries again in place`, async ({ page }) => {
    const bookingId = await anyBookingId(page)
    const server = await failReadsUntilRecovered(page, screen.path, restError(SERVER_DOWN))
    await page.goto(screen.url(bookingId))
    // Afresh: the list read above would otherwise still be in memory.
    await page.reload()

    const failure = page.getByRole('main').getByRole('heading', { name: screen.failedTitle })
    // One retry (about a second) before the load gives up.
    await expect(failure).toBeVisible()
    await expect(page.getByRole('main').getByText(SERVER_DOWN)).toBeVisible()
    await expect(page.getByText(screen.emptyText)).toHaveCount(0)
    await expect(screen.loaded(page)).toHaveCount(0)

    server.recover()
    await markPage(page)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(screen.loaded(page)).toBeVisible()
    await expect(failure).toHaveCount(0)
    expect(await wasReloaded(page)).toBe(false)
  })
}

test('Check in: settings that fail leave the booking usable and say why breakfast is missing', async ({
  page,
}) => {
  const id = await findBooking(
    page,
    'unconfirmed',
    async (detail) => (await breakfastIncluded(detail)) === 'No',
  )
  const server = await failReadsUntilRecovered(page, '/rest/v1/settings', restError(SERVER_DOWN))
  await page.goto(`/#/checkin/${id}`)
  await page.reload()

  const banner = page.getByRole('alert').filter({ hasText: 'Breakfast cannot be added' })
  await expect(banner).toContainText(SERVER_DOWN)
  await expect(page.getByRole('checkbox', { name: /^I confirm that/ })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /^Want to add breakfast/ })).toHaveCount(0)

  server.recover()
  await banner.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('checkbox', { name: /^Want to add breakfast/ })).toBeVisible()
  await expect(banner).toHaveCount(0)
})

test('a booking that does not exist is "not found", not a failure', async ({ page }) => {
  await page.goto('/#/bookings/999999')
  await expect(page.getByText('No booking could be found.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Booking could not be loaded' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
})

test('Users and Account load nothing of their own: a server whose data is down leaves them whole', async ({
  page,
}) => {
  await failReadsUntilRecovered(page, '/rest/v1/', restError(SERVER_DOWN))
  await page.goto('/#/users')
  await expect(page.getByRole('button', { name: 'Create new user' })).toBeVisible()
  await page.goto('/#/account')
  await expect(page.getByLabel('Full name')).not.toBeEmpty()
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
})

test('Bookings: a skeleton of the table shows while the list is on its way', async ({ page }) => {
  const network = await holdReads(page, (url) => url.pathname.includes('/rest/v1/bookings'))
  await page.goto('/#/bookings')
  const table = page.getByRole('table', { name: 'Bookings' })
  await expect(table).toHaveAttribute('aria-busy', 'true')
  await expect(table.getByRole('columnheader', { name: 'Guest' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading bookings' })).toBeAttached()
  await expect(page.getByText('No bookings could be found.')).toHaveCount(0)

  network.release()
  await expect(bookingRows(page)).toHaveCount(10)
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
})

test('Cabins: the table’s skeleton holds the page, "Add new cabin" below it', async ({ page }) => {
  const network = await holdReads(page, (url) => url.pathname.includes('/rest/v1/cabins'))
  await page.goto('/#/cabins')
  const table = page.getByRole('table', { name: 'Cabins' })
  await expect(table).toHaveAttribute('aria-busy', 'true')
  await expect(table.getByRole('columnheader', { name: 'Capacity' })).toBeVisible()
  const tableBox = (await table.boundingBox())!
  const buttonBox = (await page.getByRole('button', { name: 'Add new cabin' }).boundingBox())!
  expect(buttonBox.y).toBeGreaterThan(tableBox.y + tableBox.height)

  network.release()
  await expect(page.getByRole('button', { name: /^Actions for cabin / }).first()).toBeVisible()
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
})

test('a booking and the settings show skeletons of their shape while they load', async ({ page }) => {
  const bookingId = await anyBookingId(page)
  const network = await holdReads(
    page,
    (url) => url.pathname.includes('/rest/v1/bookings') || url.pathname.includes('/rest/v1/settings'),
  )
  await page.goto(`/#/bookings/${bookingId}`)
  await expect(page.getByRole('region', { name: 'Booking' })).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByText('No booking could be found.')).toHaveCount(0)

  await page.goto('/#/settings')
  await expect(page.getByRole('group', { name: 'Settings' })).toHaveAttribute('aria-busy', 'true')
  network.release()
  await expect(page.getByLabel('Breakfast price')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Settings' })).toHaveCount(0)
})

test('Bookings: the previous rows stay, dimmed and busy, until the next filter’s arrive', async ({
  page,
}) => {
  await page.goto('/#/bookings')
  const firstIds = await bookingIdsShown(page)
  const network = await holdReads(page, (url) => url.pathname.includes('/rest/v1/bookings'))
  await page.getByLabel('Filter bookings by status').getByText('Checked in', { exact: true }).click()

  const table = page.getByRole('table', { name: 'Bookings' })
  await expect(table).toHaveAttribute('aria-busy', 'true')
  expect(await bookingIdsShown(page)).toEqual(firstIds)
  await expect(table.locator('tbody')).toHaveCSS('opacity', '0.5')

  network.release()
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
  await expect(table.getByText(/^(Checked out|Unconfirmed)$/)).toHaveCount(0)
})

test('Bookings: the previous page stays, dimmed and busy, until the next page arrives', async ({ page }) => {
  // The third page is held (offset 20): it is the one not yet prefetched when the second shows.
  const network = await holdReads(
    page,
    (url) => url.pathname.includes('/rest/v1/bookings') && url.searchParams.get('offset') === '20',
  )
  await page.goto('/#/bookings?page=2')
  const secondPage = await bookingIdsShown(page)
  await page.getByRole('button', { name: 'Next' }).click()

  const table = page.getByRole('table', { name: 'Bookings' })
  await expect(table).toHaveAttribute('aria-busy', 'true')
  expect(await bookingIdsShown(page)).toEqual(secondPage)

  network.release()
  await expect(table).not.toHaveAttribute('aria-busy', 'true')
  expect((await bookingIdsShown(page)).filter((id) => secondPage.includes(id))).toEqual([])
})
