import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { expectReadableIn, login, useDisplayMode } from './support/app'
import {
  bookingIdsShown,
  bookingRow,
  bookingRows,
  chooseBookingAction,
  parseMoney,
  showWholeScreen,
} from './support/bookings'

const footer = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/)

async function totalShown(page: Page): Promise<number> {
  await expect(footer(page)).toBeVisible()
  return Number((await footer(page).textContent())!.match(/of (\d+) results/)![1])
}

async function chooseStatus(page: Page, label: string) {
  await page.getByLabel('Filter bookings by status').getByText(label, { exact: true }).click()
}

async function chooseSort(page: Page, label: string) {
  await page.getByLabel('Sort by').click()
  await page.getByRole('option', { name: label }).click()
}

test.beforeEach(async ({ page }) => {
  await login(page)
})

test('pages through all bookings ten at a time', async ({ page }) => {
  await page.goto('/#/bookings')
  await expect(page.getByRole('heading', { name: 'All bookings' })).toBeVisible()
  await expect(footer(page)).toHaveText(/^Showing 1 to 10 of \d+ results$/)
  const total = await totalShown(page)
  expect(total).toBeGreaterThan(10)
  await expect(bookingRows(page)).toHaveCount(10)
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()

  const firstPage = await bookingIdsShown(page)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect(footer(page)).toHaveText(`Showing 11 to ${Math.min(20, total)} of ${total} results`)
  const secondPage = await bookingIdsShown(page)
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([])

  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page).toHaveURL(/[?&]page=1\b/)
  await expect(footer(page)).toHaveText(`Showing 1 to 10 of ${total} results`)

  // A page past the end (an old link) moves to the last page there is.
  const lastPage = Math.ceil(total / 10)
  await page.goto('/#/bookings?page=999')
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}\\b`))
  await expect(footer(page)).toHaveText(`Showing ${(lastPage - 1) * 10 + 1} to ${total} of ${total} results`)
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
})

test('filters by status, going back to the first page', async ({ page }) => {
  await page.goto('/#/bookings?page=2')
  const table = page.getByRole('table')
  for (const [label, value, others] of [
    ['Checked out', 'checked-out', /^(Checked in|Unconfirmed|Cancelled)$/],
    ['Checked in', 'checked-in', /^(Checked out|Unconfirmed|Cancelled)$/],
    ['Unconfirmed', 'unconfirmed', /^(Checked in|Checked out|Cancelled)$/],
    // The demo has a few cancelled bookings.
    ['Cancelled', 'cancelled', /^(Checked in|Checked out|Unconfirmed)$/],
  ] as const) {
    await chooseStatus(page, label)
    await expect(page).toHaveURL(new RegExp(`status=${value}`))
    await expect(page).not.toHaveURL(/page=/)
    await expect(bookingRows(page).first()).toBeVisible()
    await expect(table.getByText(label, { exact: true }).first()).toBeVisible()
    await expect(table.getByText(others)).toHaveCount(0)
    // The footer shows only when the results fill more than one page.
    const rows = await bookingRows(page).count()
    if (await footer(page).isVisible()) expect(await totalShown(page)).toBeGreaterThan(10)
    else expect(rows).toBeLessThanOrEqual(10)
  }

  await chooseStatus(page, 'All')
  await expect(page).toHaveURL(/status=all/)
  await expect(table.getByText(/^(Checked in|Checked out|Unconfirmed)$/).first()).toBeVisible()
})

test('sorts by date and by amount', async ({ page }) => {
  await page.goto('/#/bookings?page=2')
  await expect(page.getByRole('main').getByText('Sort by date (recent first)', { exact: true })).toBeVisible()

  await chooseSort(page, 'Sort by amount (high first)')
  await expect(page).toHaveURL(/sortBy=totalPrice-desc/)
  await expect(page).not.toHaveURL(/page=/)
  const amounts = async () =>
    (
      await page
        .getByRole('table')
        .getByText(/^\$[\d,]+\.\d\d$/)
        .allTextContents()
    ).map(parseMoney)
  await expect.poll(async () => isSorted(await amounts(), 'desc')).toBe(true)

  await chooseSort(page, 'Sort by amount (low first)')
  await expect(page).toHaveURL(/sortBy=totalPrice-asc/)
  await expect.poll(async () => isSorted(await amounts(), 'asc')).toBe(true)

  const startDates = async () =>
    (
      await page
        .getByRole('table')
        .getByText(/^\w{3} \d{2} \d{4} — /)
        .allTextContents()
    ).map((text) => Date.parse(text.split(' — ')[0]))
  await chooseSort(page, 'Sort by date (earlier first)')
  await expect(page).toHaveURL(/sortBy=startDate-asc/)
  await expect.poll(async () => isSorted(await startDates(), 'asc')).toBe(true)

  await chooseSort(page, 'Sort by date (recent first)')
  await expect(page).toHaveURL(/sortBy=startDate-desc/)
  await expect.poll(async () => isSorted(await startDates(), 'desc')).toBe(true)
})

function isSorted(values: number[], direction: 'asc' | 'desc'): boolean {
  return (
    values.length > 1 &&
    values.every(
      (value, i) => i === 0 || (direction === 'asc' ? values[i - 1] <= value : values[i - 1] >= value),
    )
  )
}

test('opens a booking from the list and goes back', async ({ page }) => {
  await page.goto('/#/bookings')
  const [id] = await bookingIdsShown(page)
  const row = bookingRow(page, id)
  const guestName = (await row.getByRole('cell').nth(1).locator('span').first().textContent())!

  await chooseBookingAction(page, id, 'See details')
  await expect(page).toHaveURL(new RegExp(`#/bookings/${id}$`))
  await expect(page.getByRole('heading', { name: new RegExp(`^Booking #${id}\\b`) })).toBeVisible()
  await expect(page.getByText(guestName, { exact: false }).first()).toBeVisible()
  await expect(page.getByText(/^\d+ nights? in/)).toBeVisible()
  await expect(page.getByText('Breakfast included?')).toBeVisible()
  await expect(page.getByText(/^(Paid|Will pay at property)$/)).toBeVisible()
  await expect(page.getByText(/^Booked \w{3}, \w{3} \d{2}, \d{4}/)).toBeVisible()
  await expect(page.getByRole('img', { name: /^Flag of / })).toBeVisible()

  await page.getByRole('button', { name: 'Back' }).last().click()
  await expect(page).toHaveURL(/#\/bookings$/)
})

test('offers the actions that fit each status', async ({ page }) => {
  for (const [status, actions, absent] of [
    ['unconfirmed', ['Check in', 'Cancel booking'], ['Check out', 'Delete booking']],
    ['checked-in', ['Check out'], ['Check in', 'Cancel booking', 'Delete booking']],
    ['checked-out', ['Delete booking'], ['Check in', 'Check out', 'Cancel booking']],
  ] as const) {
    await page.goto(`/#/bookings?status=${status}`)
    const [id] = await bookingIdsShown(page)
    await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem', { name: 'See details' })).toBeVisible()
    for (const action of actions) await expect(menu.getByRole('menuitem', { name: action })).toBeVisible()
    for (const other of absent) await expect(menu.getByRole('menuitem', { name: other })).toHaveCount(0)
    await page.keyboard.press('Escape')

    await page.goto(`/#/bookings/${id}`)
    for (const action of actions) await expect(page.getByRole('button', { name: action })).toBeVisible()
    for (const other of absent) await expect(page.getByRole('button', { name: other })).toHaveCount(0)
  }
})

test('"New booking" in the heading is a link to the booking form', async ({ page }) => {
  await page.goto('/#/bookings?status=checked-in')
  const newBooking = page.getByRole('link', { name: 'New booking' })
  await expect(newBooking).toHaveAttribute('href', '#/bookings/new')
  await newBooking.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/bookings\/new$/)
})

test('says so when a booking does not exist', async ({ page }) => {
  await page.goto('/#/bookings/999999')
  await expect(page.getByText('No booking could be found.')).toBeVisible()
  await expect(page.getByText('Booking not found')).toBeVisible()
})

for (const mode of ['light', 'dark'] as const) {
  test(`bookings screens look right in ${mode} mode`, async ({ page }) => {
    // The stored choice is read when the app starts: start it again.
    await useDisplayMode(page, mode)
    await page.reload()
    await showWholeScreen(page)
    await page.goto('/#/bookings')
    await expect(bookingRows(page)).toHaveCount(10)
    await expectReadableIn(
      page,
      mode,
      page.getByRole('heading', { name: 'All bookings' }),
      bookingRows(page).first(),
    )

    const [id] = await bookingIdsShown(page)
    await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
    await expectReadableIn(page, mode, page.getByRole('menuitem', { name: 'See details' }))
    await page.getByRole('menuitem', { name: 'See details' }).click()
    await expectReadableIn(page, mode, page.getByText('Breakfast included?'))
  })
}
