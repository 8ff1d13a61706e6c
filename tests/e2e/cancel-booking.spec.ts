import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { staffApi, type StaffApi } from './support/api'
import { expectReadableIn, login, useDisplayMode, waitForOpened } from './support/app'
import { axeViolations } from './support/axe'
import { bookingIdsShown, bookingRow, chooseBookingAction, parseMoney } from './support/bookings'
import { DESK_NOW } from './support/deskDay'
import { failRequests, restError } from './support/network'

interface Stay {
  cabinId: number
  startDate: string
  endDate: string
  numGuests: number
  totalPrice: number
  created_at: string
}

test.beforeEach(async ({ page }) => {
  await login(page)
})

/**
 * The unconfirmed booking that starts last: weeks after the desk's day, so no test of today's
 * arrivals needs it, and each test takes the next one. Read afresh: a list seen before a cancel shows
 * from memory until it has reloaded.
 */
async function latestUnconfirmedBooking(page: Page): Promise<number> {
  await page.goto('/#/bookings?status=unconfirmed')
  await page.reload()
  const [id] = await bookingIdsShown(page)
  return id
}

async function stayOf(api: StaffApi, id: number): Promise<Stay> {
  const [stay] = await api.select<Stay>(
    `bookings?id=eq.${id}&select=cabinId,startDate,endDate,numGuests,totalPrice,created_at`,
  )
  return stay
}

/** Whether `free_cabins` offers the booking's cabin for its own nights and guests. */
async function isCabinFree(
  api: StaffApi,
  { cabinId, startDate, endDate, numGuests }: Stay,
): Promise<boolean> {
  const free = await api.rpc<{ id: number }[]>('free_cabins', {
    p_start_date: startDate,
    p_end_date: endDate,
    p_num_guests: numGuests,
  })
  return free.some((cabin) => cabin.id === cabinId)
}

const cancelDialog = (page: Page, id: number) => page.getByRole('dialog', { name: `Cancel booking #${id}?` })

/** Cancels a booking from its own screen, with the mouse. */
async function cancelFromItsScreen(page: Page, id: number): Promise<void> {
  await page.goto(`/#/bookings/${id}`)
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = cancelDialog(page, id)
  await waitForOpened(dialog)
  await dialog.getByRole('button', { name: 'Cancel booking' }).click()
  await expect(page.getByText(`Booking #${id} successfully cancelled`)).toBeVisible()
  await expect(dialog).toBeHidden()
}

async function chooseStatus(page: Page, label: string): Promise<void> {
  await page.getByLabel('Filter bookings by status').getByText(label, { exact: true }).click()
}

/** The figure a dashboard card shows, as a number ("$12,340.00" → 12340). */
async function figure(page: Page, title: string): Promise<number> {
  const value = page.getByRole('region', { name: title, exact: true }).locator('p')
  await expect(value).toHaveText(/\d/)
  return parseMoney((await value.textContent())!)
}

test('cancels an unconfirmed booking from its screen: asked first, then kept as Cancelled, its cabin free again', async ({
  page,
}) => {
  const api = await staffApi(page)
  const id = await latestUnconfirmedBooking(page)
  const stay = await stayOf(api, id)
  expect(await isCabinFree(api, stay)).toBe(false)

  await page.goto(`/#/bookings/${id}`)
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^Booking #${id}\\b`) })
  await expect(heading).toContainText('Unconfirmed')
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = cancelDialog(page, id)
  await waitForOpened(dialog)
  await expect(dialog).toContainText(/will not stay in cabin \d+ from \w{3} \d{2} \d{4} to \w{3} \d{2} \d{4}/)
  await expect(dialog).toContainText('the cabin becomes free for those nights')
  await expect(dialog).toContainText('The booking is kept, marked Cancelled, and can be deleted later.')

  // "Keep booking" steps back: nothing changes.
  await dialog.getByRole('button', { name: 'Keep booking' }).click()
  await expect(dialog).toBeHidden()
  await expect(heading).toContainText('Unconfirmed')

  await page.getByRole('button', { name: 'Cancel booking' }).click()
  await waitForOpened(dialog)
  await dialog.getByRole('button', { name: 'Cancel booking' }).click()
  await expect(page.getByText(`Booking #${id} successfully cancelled`)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(heading).toContainText('Cancelled')
  // Whatever was owed before, nothing is owed for a stay that will not happen.
  const { isPaid } = (await api.select<{ isPaid: boolean }>(`bookings?id=eq.${id}&select=isPaid`))[0]
  await expect(page.getByText(isPaid ? 'Paid' : 'Nothing to pay', { exact: true })).toBeVisible()
  await expect(page.getByText('Will pay at property')).toHaveCount(0)
  // A cancelled booking can no longer be checked in or cancelled; it can be deleted.
  await expect(page.getByRole('button', { name: 'Check in' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete booking' })).toBeVisible()

  expect(await isCabinFree(api, stay)).toBe(true)

  // The bookings list has a filter of its own for it.
  await page.goto('/#/bookings')
  await chooseStatus(page, 'Cancelled')
  await expect(page).toHaveURL(/status=cancelled/)
  await expect(bookingRow(page, id).getByText('Cancelled', { exact: true })).toBeVisible()
  await expect(page.getByRole('table').getByText(/^(Unconfirmed|Checked in|Checked out)$/)).toHaveCount(0)
})

test('cancels from the row menu with the keyboard alone; a cancelled booking can then be deleted', async ({
  page,
}) => {
  const id = await latestUnconfirmedBooking(page)
  const trigger = page.getByRole('button', { name: `Actions for booking #${id}` })
  const openCancelFromMenu = async () => {
    await trigger.focus()
    await page.keyboard.press('Enter')
    const cancelItem = page.getByRole('menu').getByRole('menuitem', { name: 'Cancel booking' })
    // The menu takes the focus: its first item, or the one last chosen when it opens again; it
    // may move there a moment after the first item had it, so each step waits for the focus to
    // settle before pressing again (the menu wraps, so stepping on always reaches the item).
    await expect(page.getByRole('menu').locator('[role="menuitem"]:focus')).toHaveCount(1)
    await expect(async () => {
      if (!(await cancelItem.evaluate((item) => item === document.activeElement)))
        await page.keyboard.press('ArrowDown')
      await expect(cancelItem).toBeFocused({ timeout: 300 })
    }).toPass({ timeout: 10_000 })
    await page.keyboard.press('Enter')
    await waitForOpened(cancelDialog(page, id))
  }

  // Escape steps back without cancelling.
  await openCancelFromMenu()
  await page.keyboard.press('Escape')
  await expect(cancelDialog(page, id)).toBeHidden()
  await expect(bookingRow(page, id).getByText('Unconfirmed', { exact: true })).toBeVisible()

  await openCancelFromMenu()
  const confirm = cancelDialog(page, id).getByRole('button', { name: 'Cancel booking' })
  for (
    let press = 0;
    press < 4 && !(await confirm.evaluate((button) => button === document.activeElement));
    press++
  )
    await page.keyboard.press('Tab')
  await expect(confirm).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Booking #${id} successfully cancelled`)).toBeVisible()
  // The list reloads: the booking has left the unconfirmed ones.
  await expect(bookingRow(page, id)).toHaveCount(0)

  await page.goto('/#/bookings?status=cancelled')
  await expect(bookingRow(page, id).getByText('Cancelled', { exact: true })).toBeVisible()
  await chooseBookingAction(page, id, 'Delete booking')
  const deletion = page.getByRole('dialog', { name: 'Delete booking' })
  await waitForOpened(deletion)
  await deletion.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Booking deleted successfully')).toBeVisible()
  await expect(bookingRow(page, id)).toHaveCount(0)
  await page.goto(`/#/bookings/${id}`)
  await expect(page.getByText('No booking could be found.')).toBeVisible()
})

test("the dashboard's figures stop counting a booking once it is cancelled", async ({ page }) => {
  const api = await staffApi(page)
  const id = await latestUnconfirmedBooking(page)
  const stay = await stayOf(api, id)
  // Booked within the last 90 days: the period's bookings and sales count it.
  const periodStart = new Date(DESK_NOW)
  periodStart.setDate(periodStart.getDate() - 89)
  periodStart.setHours(0, 0, 0, 0)
  expect(new Date(stay.created_at).getTime()).toBeGreaterThan(periodStart.getTime())

  await page.goto('/#/dashboard?last=90')
  const bookingsBefore = await figure(page, 'Bookings')
  const salesBefore = await figure(page, 'Sales')

  await cancelFromItsScreen(page, id)

  await page.goto('/#/dashboard?last=90')
  await expect.poll(() => figure(page, 'Bookings')).toBe(bookingsBefore - 1)
  expect(await figure(page, 'Sales')).toBeCloseTo(salesBefore - stay.totalPrice, 2)
})

test('a checked-in booking offers no cancel, in its row menu or on its screen', async ({ page }) => {
  await page.goto('/#/bookings?status=checked-in')
  const [id] = await bookingIdsShown(page)
  await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Check out' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Cancel booking' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await page.goto(`/#/bookings/${id}`)
  await expect(page.getByRole('button', { name: 'Check out' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0)
})

test('a cancel that fails says why, and the booking shows as it is', async ({ page }) => {
  const id = await latestUnconfirmedBooking(page)
  await page.goto(`/#/bookings/${id}`)
  await failRequests(page, {
    path: '/rest/v1/bookings',
    method: 'PATCH',
    body: restError('The connection to the database was lost'),
  })
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = cancelDialog(page, id)
  await waitForOpened(dialog)
  await dialog.getByRole('button', { name: 'Cancel booking' }).click()

  await expect(page.getByText('Booking could not be cancelled')).toBeVisible()
  await expect(page.getByText('The connection to the database was lost')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Booking #${id}\\b`) })).toContainText(
    'Unconfirmed',
  )
})

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const found = await axeViolations(page)
  expect(found, `${where}:\n${found.join('\n')}`).toEqual([])
}

for (const mode of ['light', 'dark'] as const) {
  test(`the Cancelled tag, the Cancel booking button and its dialog read well in ${mode} mode`, async ({
    page,
  }) => {
    // Three axe passes, besides a cancel.
    test.slow()
    await useDisplayMode(page, mode)
    await page.reload()
    const cancelled = await latestUnconfirmedBooking(page)
    await cancelFromItsScreen(page, cancelled)

    await page.goto('/#/bookings?status=cancelled')
    const tag: Locator = bookingRow(page, cancelled).getByText('Cancelled', { exact: true })
    await expectReadableIn(page, mode, tag)
    await expectNoSeriousViolations(page, `bookings list with a Cancelled tag, ${mode} mode`)

    const asked = await latestUnconfirmedBooking(page)
    await page.goto(`/#/bookings/${asked}`)
    const cancel = page.getByRole('button', { name: 'Cancel booking' })
    await expectReadableIn(page, mode, cancel)
    await expectNoSeriousViolations(page, `an unconfirmed booking's screen, ${mode} mode`)
    await cancel.click()
    const dialog = cancelDialog(page, asked)
    await waitForOpened(dialog)
    await expectReadableIn(
      page,
      mode,
      dialog.getByText(/will not stay in cabin/),
      dialog.getByRole('button', { name: 'Keep booking' }),
    )
    await expectNoSeriousViolations(page, `cancel dialog, ${mode} mode`)
  })
}
