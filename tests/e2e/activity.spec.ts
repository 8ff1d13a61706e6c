import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login } from './support/app'
import { checkInABooking } from './support/bookings'
import { failReadsUntilRecovered, restError } from './support/network'
import { logout } from './support/staff'

const DESK_EMAIL = 'desk@innkeeper.local'
const DESK_PASSWORD = 'innkeeper-desk'
const DESK_NAME = 'Demo Front Desk'

/** The server's own day (created_at is the server's clock, not the browser's fixed desk day). */
const serverDay = () => {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Picks an option of a select by its label (Ant Design's listbox only names the options near the active one). */
async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click()
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click()
}

test('a check-in by the front desk shows on the booking’s history and on the admins’ activity screen', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await login(page, DESK_EMAIL, DESK_PASSWORD)
  const id = await checkInABooking(page)
  const checkedIn = `${DESK_NAME} checked in booking #${id}`

  // The desk sees the history of the booking it opened.
  await page.goto(`/#/bookings/${id}`)
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText(checkedIn)).toBeVisible()
  await expect(history.locator('.ant-timeline-item').first()).toContainText(checkedIn)
  // The log itself is the admins'.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }),
  ).toHaveCount(0)
  await page.goto('/#/activity')
  await expect(page.getByText('You do not have access to this page')).toBeVisible()
  await logout(page)

  await login(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Activity' })
  await expect(table.getByRole('link', { name: checkedIn })).toBeVisible()

  // By person: the desk's entries only, kept in the URL.
  await choose(page, 'Person', DESK_NAME)
  await expect(page).toHaveURL(/[?&]person=/)
  await expect(table.getByRole('link', { name: checkedIn })).toBeVisible()
  await expect(table.locator('tbody tr')).not.toContainText(['Demo Receptionist'])

  // By kind of record: no booking among the cabins.
  await choose(page, 'Kind of record', 'Cabins')
  await expect(page).toHaveURL(/[?&]kind=cabins/)
  await expect(page.getByText('No activity matches these filters.')).toBeVisible()
  await page.goBack()
  await expect(table.getByRole('link', { name: checkedIn })).toBeVisible()

  // By dates, from the URL: the day it happened shows it, another day does not.
  const url = new URL(page.url())
  await page.goto(`/#/activity?kind=bookings&from=2026-01-01&to=2026-01-31`)
  await expect(page.getByText('No activity matches these filters.')).toBeVisible()
  await page.goto(`/#/activity?kind=bookings&from=${serverDay()}&to=${serverDay()}`)
  await expect(table.getByRole('link', { name: checkedIn })).toBeVisible()
  expect(url.hash).toContain('person=')

  // The link opens the record.
  await table.getByRole('link', { name: checkedIn }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Booking #${id}\\b`) })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByText(checkedIn)).toBeVisible()
})

test('the activity screen says when the log cannot be loaded, and loads it again', async ({ page }) => {
  await login(page)
  const { recover } = await failReadsUntilRecovered(
    page,
    '/rest/v1/activity_log',
    restError('Database offline'),
  )
  await page.goto('/#/activity')
  await expect(page.getByRole('heading', { name: 'Activity could not be loaded' })).toBeVisible()
  recover()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('table', { name: 'Activity' }).getByRole('link').first()).toBeVisible()
})

test('a booking’s history says when it cannot be loaded, and the booking still shows', async ({ page }) => {
  await login(page)
  // The history is read with a POST (rpc): failed until the retry.
  let failing = true
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/rpc/booking_history'),
    (route) =>
      failing ? route.fulfill({ status: 500, json: restError('Database offline') }) : route.continue(),
  )
  await page.goto('/#/bookings?status=unconfirmed')
  await page.getByRole('table').getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: 'History could not be loaded' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check in' })).toBeVisible()
  failing = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('region', { name: 'History' }).getByText(/created booking #/)).toBeVisible()
})

test('the activity screen pages through the log, at 1024 wide', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await login(page)
  await page.goto('/#/activity')
  const table = page.getByRole('table', { name: 'Activity' })
  await expect(table.locator('tbody tr')).toHaveCount(20)
  const firstOnPage1 = await table.locator('tbody tr').first().textContent()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(page.getByText(/^Showing 21 to \d+$/)).toBeVisible()
  await expect(table.locator('tbody tr').first()).not.toHaveText(firstOnPage1!)
  // Nothing is cut off at 1024 wide: the table fits its column.
  const box = await table.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024)
})
