import type { Browser, Page, WebSocketRoute } from '@playwright/test'
import { expect, test, useDeskClock } from './support/test'
import { staffApi } from './support/api'
import { DESK_EMAIL, DESK_PASSWORD, expectReadableIn, login, useDisplayMode } from './support/app'
import { axeViolations } from './support/axe'
import { bookingRow, findBooking } from './support/bookings'
import { DESK_TODAY } from './support/deskDay'

// Two desks at once: the admin (the demo account, `page`) and the front desk (`desk`, a browser of
// its own). What one does shows at the other within a second, without a reload.

const VIEWPORT = { width: 1024, height: 768 }
/** The promise: another desk's change is on screen within a second of its confirmation. */
const WITHIN_A_SECOND = { timeout: 1_000 }

const indicator = (page: Page, state: string) =>
  page.getByRole('status', { name: `Live updates: ${state}`, exact: true })

async function openFrontDesk(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT })
  await useDeskClock(context)
  const desk = await context.newPage()
  await login(desk, DESK_EMAIL, DESK_PASSWORD)
  await expect(indicator(desk, 'Live')).toBeVisible()
  return desk
}

/** Marks the document: a reload would lose the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true))
const expectNotReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true)

/** Opens a screen at the admin's desk once it is live, marked so that a reload would show. */
async function watch(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(indicator(page, 'Live')).toBeVisible()
  await markDocument(page)
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

test.use({ viewport: VIEWPORT })

test.describe('Live updates between two desks', () => {
  let desk: Page

  test.beforeEach(async ({ page, browser, baseURL }) => {
    await login(page)
    desk = await openFrontDesk(browser, baseURL)
  })

  test.afterEach(async () => {
    await desk.context().close()
  })

  test('a check-in at the front desk shows on the booking open at the other desk', async ({ page }) => {
    const id = await findBooking(desk, 'unconfirmed')
    await watch(page, `/#/bookings/${id}`)
    await expect(page.getByRole('heading', { name: `Booking #${id} Unconfirmed` })).toBeVisible()

    await desk.goto(`/#/checkin/${id}`)
    const confirmPaid = desk.getByRole('checkbox', { name: /^I confirm that/ })
    if (!(await confirmPaid.isChecked())) await confirmPaid.check()
    await desk.getByRole('button', { name: `Check in booking #${id}` }).click()
    await expect(desk.getByText(`Booking #${id} has been checked in successfully`)).toBeVisible()

    await expect(page.getByRole('heading', { name: `Booking #${id} Checked in` })).toBeVisible(
      WITHIN_A_SECOND,
    )
    await expect(page.getByRole('button', { name: 'Check out' })).toBeVisible()
    await expectNotReloaded(page)
  })

  test('a new booking taken at the front desk shows in the list at the other desk', async ({ page }) => {
    await watch(page, '/#/bookings?status=unconfirmed')
    await expect(page.getByRole('row').nth(1)).toBeVisible()

    // Far past the demo's bookings, so it is the first the list shows.
    const api = await staffApi(desk)
    const stay = {
      p_start_date: addDays(DESK_TODAY, 400),
      p_end_date: addDays(DESK_TODAY, 403),
      p_num_guests: 2,
    }
    const [cabin] = await api.rpc<{ id: number }[]>('free_cabins', { ...stay, p_booking_id: null })
    const [quote] = await api.rpc<{ totalPrice: number }[]>('quote_stay', {
      ...stay,
      p_cabin_id: cabin.id,
      p_has_breakfast: false,
    })
    const [guest] = await api.select<{ id: number }>('guests?select=id&order=id&limit=1')
    const id = await api.rpc<number>('create_booking', {
      ...stay,
      p_cabin_id: cabin.id,
      p_has_breakfast: false,
      p_is_paid: false,
      p_observations: '',
      p_expected_total_price: quote.totalPrice,
      p_today: DESK_TODAY,
      p_guest_id: guest.id,
    })

    await expect(bookingRow(page, id)).toBeVisible(WITHIN_A_SECOND)
    await expectNotReloaded(page)
  })

  test('a cancellation at the front desk shows on the booking open at the other desk', async ({ page }) => {
    const id = await findBooking(desk, 'unconfirmed')
    await watch(page, `/#/bookings/${id}`)
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible()

    await desk.getByRole('button', { name: 'Cancel booking' }).click()
    await desk
      .getByRole('dialog')
      .getByRole('button', { name: /^Cancel booking/ })
      .click()
    await expect(desk.getByText(`Booking #${id} successfully cancelled`)).toBeVisible()

    await expect(page.getByRole('heading', { name: `Booking #${id} Cancelled` })).toBeVisible(WITHIN_A_SECOND)
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeHidden()
    await expectNotReloaded(page)
  })

  test('a booking deleted by the admin says so where it is open at the front desk, its details gone', async ({
    page,
  }) => {
    const id = await findBooking(page, 'checked-out')
    await desk.goto(`/#/bookings/${id}`)
    await expect(desk.getByRole('heading', { name: new RegExp(`^Booking #${id}\\b`) })).toBeVisible()
    await markDocument(desk)

    await page.getByRole('button', { name: 'Delete booking' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Booking deleted successfully')).toBeVisible()

    await expect(desk.getByText('No booking could be found.')).toBeVisible(WITHIN_A_SECOND)
    await expect(desk.getByRole('heading', { level: 1, name: 'Booking', exact: true })).toBeVisible()
    await expect(desk.getByText('Registration card')).toBeHidden()
    await expectNotReloaded(desk)
  })

  test('a new breakfast price set by the admin shows in the booking form at the front desk', async ({
    page,
  }) => {
    await page.goto('/#/settings')
    const breakfast = page.getByLabel('Breakfast price')
    await expect(breakfast).not.toHaveValue('')
    const price = Number(await breakfast.inputValue())
    await watch(desk, '/#/bookings/new')
    await expect(desk.getByText(`$${price.toFixed(2)} per guest and night`)).toBeVisible()

    await breakfast.fill(String(price + 1))
    await breakfast.blur()
    await expect(page.getByText('Setting edited successfully')).toBeVisible()

    await expect(desk.getByText(`$${(price + 1).toFixed(2)} per guest and night`)).toBeVisible(
      WITHIN_A_SECOND,
    )
    await expectNotReloaded(desk)
    // The admin's own save is not news from another desk.
    await expect(page.getByText('The settings were changed at another desk')).toBeHidden()

    // Put it back for every other test.
    await breakfast.fill(String(price))
    await breakfast.blur()
    await expect(desk.getByText(`$${price.toFixed(2)} per guest and night`)).toBeVisible()
  })

  test('a form keeps what is typed when its record changes at another desk, and offers to reload it', async ({
    page,
  }) => {
    const [guest] = await (
      await staffApi(page)
    ).select<{ id: number; nationalID: string | null }>('guests?select=id,nationalID&order=id.desc&limit=1')
    await watch(page, `/#/guests/${guest.id}`)
    const email = page.getByLabel('Email address')
    await email.fill('typed.here@example.com')

    await desk.goto(`/#/guests/${guest.id}`)
    const nationalID = `LIVE${Date.now().toString().slice(-6)}`
    await desk.getByLabel('National ID').fill(nationalID)
    await desk.getByRole('button', { name: 'Save changes' }).click()
    await expect(desk.getByText('Guest successfully updated')).toBeVisible()

    const notice = page.getByRole('alert').filter({ hasText: 'This guest was changed at another desk' })
    await expect(notice).toBeVisible(WITHIN_A_SECOND)
    await expect(email).toHaveValue('typed.here@example.com')
    // The newest guest may have been made by an earlier spec without a national ID: an empty field.
    await expect(page.getByLabel('National ID')).toHaveValue(guest.nationalID ?? '')
    await expectNotReloaded(page)

    await notice.getByRole('button', { name: 'Reload the guest' }).click()
    await expect(page.getByLabel('National ID')).toHaveValue(nationalID)
    await expect(page.getByLabel('Email address')).not.toHaveValue('typed.here@example.com')
    await expect(notice).toBeHidden()
  })
})

test('the indicator says reconnecting while the server’s socket is down, and live once it is back', async ({
  page,
}) => {
  let isDown = false
  const sockets: WebSocketRoute[] = []
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    // While the server is down, every reconnection is refused as it opens.
    if (isDown) return socket.close({ code: 1012, reason: 'restart' })
    socket.connectToServer()
    sockets.push(socket)
  })
  await login(page)
  await expect(indicator(page, 'Live')).toBeVisible()
  await markDocument(page)

  isDown = true
  for (const socket of sockets.splice(0)) await socket.close({ code: 1012, reason: 'restart' })
  await expect(indicator(page, 'Reconnecting')).toBeVisible()
  await indicator(page, 'Reconnecting').focus()
  await expect(page.getByRole('tooltip')).toContainText('The live connection dropped')

  isDown = false
  // supabase-js tries again after 1, 2, 5 and then every 10 seconds.
  await expect(indicator(page, 'Live')).toBeVisible({ timeout: 15_000 })
  await expectNotReloaded(page)
})

for (const mode of ['light', 'dark'] as const) {
  test(`the indicator is readable and accessible in ${mode} mode, at 1024×768`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await login(page)
    const live = indicator(page, 'Live')
    await expect(live).toBeVisible()
    await expectReadableIn(page, mode, live)
    expect(await axeViolations(page, { include: 'header', anyImpact: true })).toEqual([])
    // The header keeps everything on one line, and the page does not scroll sideways.
    const box = (await live.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORT.width,
    )
  })
}
