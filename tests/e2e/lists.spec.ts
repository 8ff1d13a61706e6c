import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login } from './support/app'
import { bookingIdsShown, bookingRow } from './support/bookings'

const footer = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
const bookingHeading = (page: Page, id: number) =>
  page.getByRole('heading', { name: new RegExp(`^Booking #${id}\\b`) })

test.beforeEach(async ({ page }) => {
  await login(page)
})

test('a click anywhere on a booking row opens it, showing its number', async ({ page }) => {
  await page.goto('/#/bookings')
  const [first, second] = await bookingIdsShown(page)

  await expect(bookingRow(page, first).getByRole('link', { name: `Booking #${first}` })).toHaveText(
    `#${first}`,
  )
  // On the stay's dates, nowhere near the booking's link.
  await bookingRow(page, first).getByRole('cell').nth(2).click()
  await expect(page).toHaveURL(new RegExp(`#/bookings/${first}$`))
  await expect(bookingHeading(page, first)).toBeVisible()

  await page.goBack()
  await bookingRow(page, second).getByRole('cell').nth(1).click()
  await expect(page).toHaveURL(new RegExp(`#/bookings/${second}$`))
  await expect(bookingHeading(page, second)).toBeVisible()
})

test('the row menu still opens and acts without opening the row', async ({ page }) => {
  await page.goto('/#/bookings?status=unconfirmed')
  const [id] = await bookingIdsShown(page)
  await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
  await expect(page.getByRole('menuitem', { name: 'Check in' })).toBeVisible()
  await expect(page).toHaveURL(/#\/bookings\?status=unconfirmed$/)

  // The menu sits outside the row on the page, but is inside it for React's events: its choice wins.
  await page.getByRole('menuitem', { name: 'Check in' }).click()
  await expect(page).toHaveURL(new RegExp(`#/checkin/${id}$`))
  await expect(page.getByRole('heading', { name: `Check in booking #${id}` })).toBeVisible()
})

test('a row opens from the keyboard, with no tab stop that does nothing', async ({ page }) => {
  await page.goto('/#/bookings')
  const [first, second] = await bookingIdsShown(page)
  const menuOfFirst = page.getByRole('button', { name: `Actions for booking #${first}` })

  // From the first row's menu, Tab goes straight to the next row's booking number: rows take no stop.
  await menuOfFirst.focus()
  await page.keyboard.press('Tab')
  const link = bookingRow(page, second).getByRole('link', { name: `Booking #${second}` })
  await expect(link).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/bookings/${second}$`))
  await expect(bookingHeading(page, second)).toBeVisible()
})

test('jumps to a page by its number, by pointer and by keyboard', async ({ page }) => {
  await page.goto('/#/bookings?status=checked-out')
  await expect(footer(page)).toBeVisible()
  const total = Number((await footer(page).textContent())!.match(/of (\d+) results/)![1])
  const lastPage = Math.ceil(total / 10)
  expect(lastPage).toBeGreaterThan(3)
  const pages = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')

  await pages.getByRole('button', { name: `Page ${lastPage}` }).click()
  await expect(page).toHaveURL(new RegExp(`status=checked-out&page=${lastPage}$`))
  await expect(footer(page)).toHaveText(`Showing ${(lastPage - 1) * 10 + 1} to ${total} of ${total} results`)
  await expect(pages.getByRole('button', { name: `Page ${lastPage}` })).toHaveAttribute(
    'aria-current',
    'page',
  )

  await pages.getByRole('button', { name: `Page ${lastPage - 1}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`page=${lastPage - 1}$`))
  await expect(footer(page)).toHaveText(
    `Showing ${(lastPage - 2) * 10 + 1} to ${(lastPage - 1) * 10} of ${total} results`,
  )
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(pages.getByRole('button', { name: 'Page 1' })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/page=1$/)
})
