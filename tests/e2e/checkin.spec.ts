import { type Page } from '@playwright/test'
import { expect, test, useDeskClock } from './support/test'
import { expectReadableIn, login, useDisplayMode } from './support/app'
import { cutLiveUpdates, failRequests, restError } from './support/network'
import {
  bookingIdsShown,
  bookingRow,
  breakfastIncluded,
  checkInABooking,
  chooseBookingAction,
  findBooking,
  isPaid,
  parseMoney,
  showWholeScreen,
} from './support/bookings'

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)

const confirmBox = (page: Page) => page.getByRole('checkbox', { name: /^I confirm that/ })
const breakfastBox = (page: Page) => page.getByRole('checkbox', { name: /^Want to add breakfast for/ })

/** Nights, guests and total of the booking on screen, as its summary states them. */
async function staySummary(page: Page) {
  const nights = Number((await page.getByText(/^\d+ nights? in/).textContent())!.match(/^(\d+)/)![1])
  const others = page.getByText(/^\+ \d+ guests$/)
  const guests = 1 + ((await others.count()) ? Number((await others.textContent())!.match(/\d+/)![0]) : 0)
  const totalLine = (await page.getByText('Total price').locator('..').textContent())!
  const total = parseMoney(totalLine.match(/\$[\d,]+\.\d\d/)![0])
  return { nights, guests, total }
}

/** A toast on screen, found by its first line. */
const toast = (page: Page, headline: string) => page.getByRole('status').filter({ hasText: headline })

test.beforeEach(async ({ page }) => {
  await login(page)
})

test('checks a guest in, adding breakfast', async ({ page }) => {
  await page.goto('/#/settings')
  const breakfastPrice = Number(await page.getByLabel(/breakfast price/i).inputValue())
  const id = await findBooking(
    page,
    'unconfirmed',
    async (detail) => (await breakfastIncluded(detail)) === 'No' && !(await isPaid(detail)),
  )

  await page.goto(`/#/checkin/${id}`)
  await expect(page.getByRole('heading', { name: `Check in booking #${id}` })).toBeVisible()
  const { nights, guests, total } = await staySummary(page)
  const cost = breakfastPrice * nights * guests
  const checkIn = page.getByRole('button', { name: `Check in booking #${id}` })

  await expect(breakfastBox(page)).toHaveAccessibleName(`Want to add breakfast for ${usd(cost)}?`)
  await expect(confirmBox(page)).not.toBeChecked()
  await expect(checkIn).toBeDisabled()

  // Ticking the payment confirmation locks it…
  await confirmBox(page).check()
  await expect(confirmBox(page)).toBeChecked()
  await expect(confirmBox(page)).toBeDisabled()
  await expect(checkIn).toBeEnabled()

  // …until the amount changes with breakfast, which asks for the confirmation again.
  await breakfastBox(page).check()
  await expect(confirmBox(page)).not.toBeChecked()
  await expect(confirmBox(page)).toBeEnabled()
  await expect(checkIn).toBeDisabled()
  await expect(confirmBox(page)).toHaveAccessibleName(
    new RegExp(
      `has paid the total amount of \\${usd(total + cost)} \\(\\${usd(total)} \\+ \\${usd(cost)}\\)$`,
    ),
  )
  await confirmBox(page).check()
  await checkIn.click()

  await expect(page.getByText(`Booking #${id} has been checked in successfully`)).toBeVisible()
  await expect(page).toHaveURL(/#\/dashboard/)

  await page.goto(`/#/bookings/${id}`)
  await expect(page.getByRole('heading', { name: `Booking #${id} Checked in` })).toBeVisible()
  expect(await breakfastIncluded(page)).toBe('Yes')
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByText(`(${usd(total)} cabin + ${usd(cost)} breakfast)`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check out' })).toBeVisible()
})

test('checks a guest in without adding breakfast', async ({ page }) => {
  const id = await findBooking(page, 'unconfirmed', async (detail) => !(await isPaid(detail)))
  await page.goto(`/#/checkin/${id}`)
  const { total } = await staySummary(page)
  const guestName = (await page.getByText(/^I confirm that .+ has paid/).textContent())!.match(
    /^I confirm that (.+) has paid/,
  )![1]
  await expect(confirmBox(page)).toHaveAccessibleName(
    `I confirm that ${guestName} has paid the total amount of ${usd(total)}`,
  )

  await confirmBox(page).check()
  await page.getByRole('button', { name: `Check in booking #${id}` }).click()
  await expect(page.getByText(`Booking #${id} has been checked in successfully`)).toBeVisible()
  await expect(page).toHaveURL(/#\/dashboard/)

  await page.goto(`/#/bookings/${id}`)
  await expect(page.getByRole('heading', { name: `Booking #${id} Checked in` })).toBeVisible()
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
})

test('offers no breakfast to a guest who has it already', async ({ page }) => {
  const id = await findBooking(
    page,
    'unconfirmed',
    async (detail) => (await breakfastIncluded(detail)) === 'Yes',
  )
  await page.goto(`/#/checkin/${id}`)
  await expect(confirmBox(page)).toBeVisible()
  await expect(breakfastBox(page)).toHaveCount(0)
})

test('starts confirmed when the guest has paid in advance', async ({ page }) => {
  const id = await findBooking(page, 'unconfirmed', (detail) => isPaid(detail))
  await page.goto(`/#/checkin/${id}`)
  await expect(confirmBox(page)).toBeChecked()
  await expect(confirmBox(page)).toBeDisabled()
  await expect(page.getByRole('button', { name: `Check in booking #${id}` })).toBeEnabled()
})

test('checks a guest out from the list, then deletes the booking from its page', async ({ page }) => {
  const id = await checkInABooking(page)
  // Stays starting latest come first: the booking just checked in is on the first page.
  await page.goto('/#/bookings?status=checked-in')
  await expect(bookingRow(page, id)).toBeVisible()
  await chooseBookingAction(page, id, 'Check out')
  await expect(page.getByText(`Booking #${id} has been checked out successfully`)).toBeVisible()
  // Every query on screen is refreshed: the booking leaves the checked-in list.
  await expect(bookingRow(page, id)).toHaveCount(0)

  await page.goto(`/#/bookings/${id}`)
  await expect(page.getByRole('heading', { name: `Booking #${id} Checked out` })).toBeVisible()
  await page.getByRole('button', { name: 'Delete booking' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete booking' })
  await expect(dialog).toContainText(
    'Are you sure you want to delete this booking permanently? This action cannot be undone.',
  )
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Delete booking' }).click()
  await page.getByRole('dialog', { name: 'Delete booking' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Booking deleted successfully')).toBeVisible()
  // Back one page: to the checked-in list the booking was opened from.
  await expect(page).toHaveURL(/#\/bookings\?status=checked-in$/)

  await page.goto(`/#/bookings/${id}`)
  await expect(page.getByText('No booking could be found.')).toBeVisible()
})

test('checks a guest out from the booking page, then deletes it from the list', async ({ page }) => {
  const id = await checkInABooking(page)
  await page.goto(`/#/bookings/${id}`)
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(page.getByText(`Booking #${id} has been checked out successfully`)).toBeVisible()
  await expect(page.getByRole('heading', { name: `Booking #${id} Checked out` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete booking' })).toBeVisible()

  // Recent stays come first, so the booking just checked out is on one of the first pages.
  await page.goto('/#/bookings?status=checked-out')
  for (let pageNumber = 2; !(await bookingIdsShown(page)).includes(id); pageNumber++) {
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText(new RegExp(`^Showing ${(pageNumber - 1) * 10 + 1} to`))).toBeVisible()
  }
  const row = bookingRow(page, id)
  await chooseBookingAction(page, id, 'Delete booking')
  const dialog = page.getByRole('dialog', { name: 'Delete booking' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Booking deleted successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row).toHaveCount(0)
})

test('reports a failed check-in', async ({ page }) => {
  const id = await findBooking(page, 'unconfirmed')
  await failRequests(page, {
    path: '/rest/v1/bookings',
    method: 'PATCH',
    body: restError('The server is unavailable'),
  })
  await page.goto(`/#/checkin/${id}`)
  if (!(await confirmBox(page).isChecked())) await confirmBox(page).check()
  await page.getByRole('button', { name: `Check in booking #${id}` }).click()
  await expect(toast(page, 'There was an error while checking in')).toContainText(
    'Booking could not be updated',
  )
  await expect(page).toHaveURL(new RegExp(`#/checkin/${id}$`))
})

test('reports a failed check-out in the words of the spec', async ({ page }) => {
  const id = await checkInABooking(page)
  await page.goto(`/#/bookings/${id}`)
  await failRequests(page, {
    path: '/rest/v1/bookings',
    method: 'PATCH',
    body: restError('The server is unavailable'),
  })
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(toast(page, 'There was an error while checking in')).toContainText('The server is unavailable')
  await expect(page.getByRole('heading', { name: `Booking #${id} Checked in` })).toBeVisible()
})

test('reports a failed deletion with the server message', async ({ page }) => {
  const id = await findBooking(page, 'checked-out')
  await failRequests(page, {
    path: '/rest/v1/bookings',
    method: 'DELETE',
    body: restError('The server is unavailable'),
  })
  await page.getByRole('button', { name: 'Delete booking' }).click()
  await page.getByRole('dialog', { name: 'Delete booking' }).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Booking could not be deleted')).toContainText('The server is unavailable')
  await expect(page.getByRole('heading', { name: `Booking #${id} Checked out` })).toBeVisible()
})

test('a booking deleted meanwhile at another desk cannot be deleted again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  // A desk whose live updates dropped: with them, the page would say the booking is gone (live.spec).
  // Signed in already, the page reconnects only when loaded again.
  await cutLiveUpdates(page)
  await page.reload()
  const checkedIn = await checkInABooking(page)
  await page.goto(`/#/bookings/${checkedIn}`)
  await page.getByRole('button', { name: 'Check out' }).click()
  await expect(page.getByRole('heading', { name: `Booking #${checkedIn} Checked out` })).toBeVisible()
  await page.getByRole('button', { name: 'Delete booking' }).click()

  const otherContext = await browser.newContext({ baseURL })
  await useDeskClock(otherContext)
  const otherDesk = await otherContext.newPage()
  await login(otherDesk)
  await otherDesk.goto(`/#/bookings/${checkedIn}`)
  await otherDesk.getByRole('button', { name: 'Delete booking' }).click()
  await otherDesk
    .getByRole('dialog', { name: 'Delete booking' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(otherDesk.getByText('Booking deleted successfully')).toBeVisible()
  await otherContext.close()

  await page.getByRole('dialog', { name: 'Delete booking' }).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Booking could not be deleted')).toContainText(
    `Booking #${checkedIn} no longer exists`,
  )
})

for (const mode of ['light', 'dark'] as const) {
  test(`check-in screen looks right in ${mode} mode`, async ({ page }) => {
    // The stored choice is read when the app starts: start it again.
    await useDisplayMode(page, mode)
    await page.reload()
    await showWholeScreen(page)
    const id = await findBooking(
      page,
      'unconfirmed',
      async (detail) => (await breakfastIncluded(detail)) === 'No',
    )
    await page.goto(`/#/checkin/${id}`)
    await breakfastBox(page).check()
    await expect(confirmBox(page)).toHaveAccessibleName(/\(\$/)
    await expectReadableIn(
      page,
      mode,
      page.getByRole('heading', { name: `Check in booking #${id}` }),
      page.getByText('Breakfast included?'),
    )

    await findBooking(page, 'checked-out')
    await page.getByRole('button', { name: 'Delete booking' }).click()
    // A trial hover waits until the dialog has stopped zooming in.
    await page
      .getByRole('dialog', { name: 'Delete booking' })
      .getByRole('button', { name: 'Delete' })
      .hover({ trial: true })
    await expectReadableIn(
      page,
      mode,
      page.getByRole('dialog', { name: 'Delete booking' }).getByText(/permanently/),
    )
  })
}
