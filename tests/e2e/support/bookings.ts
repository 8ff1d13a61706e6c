import { expect, type Locator, type Page } from '@playwright/test'

/** The rows of the bookings table (each has its own actions menu). */
export function bookingRows(page: Page): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Actions for booking #/ }) })
}

export function bookingRow(page: Page, id: number): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Actions for booking #${id}` }) })
}

/** The booking numbers listed on the current page, top to bottom. */
export async function bookingIdsShown(page: Page): Promise<number[]> {
  await expect(bookingRows(page).first()).toBeVisible()
  const labels = await page
    .getByRole('button', { name: /^Actions for booking #/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))
  return labels.map((label) => Number(label.replace('Actions for booking #', '')))
}

/** Picks an action from a booking's row menu. */
export async function chooseBookingAction(page: Page, id: number, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

/** "$1,250.00" → 1250 */
export function parseMoney(text: string): number {
  return Number(text.replace(/[$,]/g, ''))
}

/**
 * The first booking with the given status whose detail screen matches `accept` — so a test picks
 * a booking nobody else's test has used yet, from what the screens show.
 */
export async function findBooking(
  page: Page,
  status: 'unconfirmed' | 'checked-in' | 'checked-out',
  accept: (detail: Page) => Promise<boolean> = async () => true,
): Promise<number> {
  for (let pageNumber = 1; ; pageNumber++) {
    await page.goto(`/#/bookings?status=${status}&page=${pageNumber}`)
    const ids = await bookingIdsShown(page)
    for (const id of ids) {
      await page.goto(`/#/bookings/${id}`)
      await expect(page.getByRole('heading', { name: new RegExp(`^Booking #${id}\\b`) })).toBeVisible()
      if (await accept(page)) return id
    }
    if (ids.length < 10) throw new Error(`No ${status} booking fits this test`)
  }
}

/** What a booking's detail (or check-in) screen says under "Breakfast included?": "Yes" or "No". */
export async function breakfastIncluded(detail: Page): Promise<string> {
  const item = detail.getByText('Breakfast included?').locator('..')
  return (await item.textContent())!.replace('Breakfast included?', '').trim()
}

/** Whether the booking's screen says it is paid already. */
export async function isPaid(detail: Page): Promise<boolean> {
  await expect(detail.getByText(/^(Paid|Will pay at property)$/)).toBeVisible()
  return detail.getByText('Paid', { exact: true }).isVisible()
}

/** Checks in the first unconfirmed booking, so a test has a checked-in booking of its own. */
export async function checkInABooking(page: Page): Promise<number> {
  const id = await findBooking(page, 'unconfirmed')
  await page.goto(`/#/checkin/${id}`)
  const confirmPaid = page.getByRole('checkbox', { name: /^I confirm that/ })
  if (!(await confirmPaid.isChecked())) await confirmPaid.check()
  await page.getByRole('button', { name: `Check in booking #${id}` }).click()
  await expect(page.getByText(`Booking #${id} has been checked in successfully`)).toBeVisible()
  return id
}

/** A window tall enough for a whole screen: the layout scrolls inside, so a full-page shot would not. */
export async function showWholeScreen(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 1400 })
}
