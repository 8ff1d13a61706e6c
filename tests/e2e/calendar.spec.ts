import type { Locator, Page } from '@playwright/test'
import { unpackCalendarWindow, type CalendarWindowAnswer } from '../../src/shared/domain/calendarWindow'
import { expect, test } from './support/test'
import { login } from './support/app'
import { staffApi, type StaffApi } from './support/api'
import { DESK_TODAY } from './support/deskDay'
import { failReadsUntilRecovered, holdReads, restError } from './support/network'

interface WindowStay {
  id: number
  cabinId: number
  startDate: string
  endDate: string
  status: string
  guestName: string
}

interface Cabin {
  id: number
  name: string
}

const FROM = '2026-11-16'
const DAYS = 14
const DAY_MS = 86_400_000

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS)

const grid = (page: Page) => page.getByRole('grid', { name: 'Calendar' })
const row = (page: Page, cabinId: number) => grid(page).locator(`[role="row"][data-cabin-id="${cabinId}"]`)
const lane = (page: Page, cabinId: number) => row(page, cabinId).getByRole('gridcell')
const bar = (page: Page, id: number) => grid(page).locator(`[data-booking-id="${id}"]`)

async function openWindow(page: Page, from = FROM, days = DAYS): Promise<void> {
  await page.goto(`/#/calendar?from=${from}&days=${days}`)
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
}

async function windowStays(api: StaffApi, from = FROM, days = DAYS): Promise<WindowStay[]> {
  return unpackCalendarWindow(
    await api.rpc<CalendarWindowAnswer>('calendar_window', { p_from: from, p_days: days }),
  )
}

/** The middle of a day's column in a cabin's row, in page coordinates. */
async function dayPoint(page: Page, cabinId: number, column: number, days = DAYS) {
  const box = (await lane(page, cabinId).boundingBox())!
  return { x: box.x + ((column + 0.5) * box.width) / days, y: box.y + box.height / 2 }
}

/** Two free nights in a row, from tomorrow on: where the desk may draw a new stay. */
function freeNights(stays: WindowStay[], cabins: Cabin[]): { cabinId: number; first: number } {
  const firstColumn = daysBetween(FROM, DESK_TODAY) + 1
  for (const cabin of cabins)
    for (let first = firstColumn; first + 1 < DAYS; first++) {
      const nightsFree = [0, 1].every((offset) => {
        const night = addDays(FROM, first + offset)
        return stays.every(
          (stay) => stay.cabinId !== cabin.id || stay.endDate <= night || stay.startDate > night,
        )
      })
      if (nightsFree) return { cabinId: cabin.id, first }
    }
  throw new Error('No two free nights in the window')
}

async function horizontalSpan(locator: Locator): Promise<{ left: number; right: number }> {
  const box = (await locator.boundingBox())!
  return { left: box.x, right: box.x + box.width }
}

test.describe('Calendar', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('draws each stay of the window in its cabin, from mid-arrival to mid-departure', async ({ page }) => {
    await openWindow(page)
    const api = await staffApi(page)
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    const stays = await windowStays(api)
    const inside = stays.filter((stay) => stay.startDate >= FROM && stay.endDate <= addDays(FROM, DAYS - 1))
    expect(inside.length, 'stays wholly inside the window').toBeGreaterThan(2)
    for (const stay of inside.slice(0, 6)) {
      await expect(row(page, stay.cabinId).locator(`[data-booking-id="${stay.id}"]`)).toContainText(
        stay.guestName,
      )
      const laneBox = await horizontalSpan(lane(page, stay.cabinId))
      const dayWidth = (laneBox.right - laneBox.left) / DAYS
      const { left, right } = await horizontalSpan(bar(page, stay.id))
      expect(left).toBeCloseTo(laneBox.left + (daysBetween(FROM, stay.startDate) + 0.5) * dayWidth, 0)
      expect(right).toBeCloseTo(laneBox.left + (daysBetween(FROM, stay.endDate) + 0.5) * dayWidth, 0)
    }
    // Every stay the API gives is drawn, and nothing else.
    await expect(grid(page).locator('[data-booking-id]')).toHaveCount(stays.length)

    // Today's occupancy: the cabins holding tonight, of all.
    const cabins = await api.select<Cabin>('cabins?select=id')
    const tonight = new Set(
      stays
        .filter((stay) => stay.startDate <= DESK_TODAY && DESK_TODAY < stay.endDate)
        .map((stay) => stay.cabinId),
    )
    await expect(
      grid(page)
        .getByRole('gridcell', { name: `${tonight.size} of ${cabins.length} cabins taken` })
        .nth(0),
    ).toBeVisible()
    await expect(grid(page).getByRole('columnheader', { name: /Wed\s*18/ })).toHaveAttribute(
      'aria-current',
      'date',
    )
  })

  test('moves by Previous, Next, Today, a date and the span, keeping the window in the URL', async ({
    page,
  }) => {
    await page.goto('/#/calendar?from=someday&days=9')
    // An invalid window shows the default one, and the URL says so.
    await expect(page).toHaveURL(/#\/calendar\?from=2026-11-16&days=14$/)
    await expect(page.getByText('Nov 16 – Nov 29, 2026')).toBeVisible()

    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/from=2026-11-30&days=14/)
    await expect(page.getByText('Nov 30 – Dec 13, 2026')).toBeVisible()
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/from=2026-11-02&days=14/)

    await page.getByText('31 days', { exact: true }).click()
    await expect(page.getByRole('radio', { name: '31 days' })).toBeChecked()
    await expect(page).toHaveURL(/from=2026-11-02&days=31/)
    await expect(grid(page).getByRole('columnheader')).toHaveCount(32)
    await expect(page.getByText('Nov 2 – Dec 2, 2026')).toBeVisible()

    await page.getByRole('button', { name: 'Today' }).click()
    await expect(page).toHaveURL(/from=2026-11-16&days=31/)

    const picker = page.getByLabel('First day shown')
    await picker.click()
    await picker.fill('2026-12-25')
    await picker.press('Enter')
    await expect(page).toHaveURL(/from=2026-12-25&days=31/)
    await expect(page.getByText('Dec 25, 2026 – Jan 24, 2027')).toBeVisible()

    // Back goes to the window before.
    await page.goBack()
    await expect(page).toHaveURL(/from=2026-11-16&days=31/)
  })

  test('the date to jump to is reached and typed from the keyboard alone', async ({ page }) => {
    await page.goto('/#/calendar?from=2026-11-16&days=14')
    await page.getByRole('button', { name: 'Next' }).focus()
    await page.keyboard.press('Tab')
    // The field became Ant Design's DatePicker as the focus arrived, and kept the focus.
    const picker = page.getByLabel('First day shown')
    await expect(picker).toBeFocused()
    await expect(picker).toBeEditable()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Dec 7 2026')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/from=2026-12-07&days=14/)
    await expect(page.getByText('Dec 7 – Dec 20, 2026')).toBeVisible()
  })

  test('opened from the sidebar, it asks for its cabins and window once', async ({ page }) => {
    const asked = { cabins: 0, window: 0 }
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.endsWith('/rest/v1/cabins')) asked.cabins++
      if (pathname.endsWith('/rpc/calendar_window')) asked.window++
    })
    // The page's code arrives after the window's answer, as on a busy machine: the page draws from
    // that answer at once. The URL names the window it shows before that (a correction after the draw
    // drew the layout and the page again as the desk began to scroll), and asks for the same cabins
    // and window no second time.
    await page.evaluate(() => {
      const drawn = new MutationObserver(() => {
        if (!document.querySelector('[data-booking-id]')) return
        document.body.dataset.urlWhenDrawn = location.hash
        drawn.disconnect()
      })
      drawn.observe(document.body, { childList: true, subtree: true })
    })
    const pageCode = await holdReads(page, (url) => /\/CalendarPage-[^/]+\.js$/.test(url.pathname))
    const answered = page.waitForResponse((response) => response.url().includes('/rpc/calendar_window'))
    await page.getByRole('link', { name: 'Calendar' }).click()
    await answered
    pageCode.release()
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    await expect(page).toHaveURL(/#\/calendar\?from=2026-11-16&days=14$/)
    await expect(page.locator('body')).toHaveAttribute(
      'data-url-when-drawn',
      '#/calendar?from=2026-11-16&days=14',
    )
    // A second ask would leave as soon as the page has drawn; give it time to show.
    await page.waitForTimeout(1_000)
    expect(asked).toEqual({ cabins: 1, window: 1 })
  })

  test('a drag across free days starts a booking for that cabin and those dates', async ({ page }) => {
    await openWindow(page)
    const api = await staffApi(page)
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    const cabins = await api.select<Cabin>('cabins?select=id,name&order=name')
    const { cabinId, first } = freeNights(await windowStays(api), cabins)

    const start = await dayPoint(page, cabinId, first)
    const end = await dayPoint(page, cabinId, first + 1)
    await page.mouse.move(start.x, start.y)
    await page.mouse.down()
    await page.mouse.move(end.x, end.y, { steps: 5 })
    await page.mouse.up()
    await expect(page).toHaveURL(
      new RegExp(
        `#/bookings/new\\?cabinId=${cabinId}&from=${addDays(FROM, first)}&to=${addDays(FROM, first + 2)}$`,
      ),
    )
  })

  test('a click on a free day and a shift-click on another start a booking too', async ({ page }) => {
    await openWindow(page)
    const api = await staffApi(page)
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    const cabins = await api.select<Cabin>('cabins?select=id,name&order=name')
    const { cabinId, first } = freeNights(await windowStays(api), cabins)

    const start = await dayPoint(page, cabinId, first)
    const end = await dayPoint(page, cabinId, first + 1)
    await page.mouse.click(start.x, start.y)
    await expect(page).toHaveURL(/#\/calendar/)
    await page.keyboard.down('Shift')
    await page.mouse.click(end.x, end.y)
    await page.keyboard.up('Shift')
    await expect(page).toHaveURL(
      new RegExp(
        `#/bookings/new\\?cabinId=${cabinId}&from=${addDays(FROM, first)}&to=${addDays(FROM, first + 2)}$`,
      ),
    )
  })

  test('Escape drops a drag under way', async ({ page }) => {
    await openWindow(page)
    const api = await staffApi(page)
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    const cabins = await api.select<Cabin>('cabins?select=id,name&order=name')
    const { cabinId, first } = freeNights(await windowStays(api), cabins)
    const start = await dayPoint(page, cabinId, first)
    const end = await dayPoint(page, cabinId, first + 1)
    await page.mouse.move(start.x, start.y)
    await page.mouse.down()
    await page.mouse.move(end.x, end.y, { steps: 5 })
    await page.keyboard.press('Escape')
    await page.mouse.up()
    await expect(page).toHaveURL(/#\/calendar/)
  })

  test('a bar opens its booking by click and by keyboard', async ({ page }) => {
    await openWindow(page)
    const api = await staffApi(page)
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    const [stay] = (await windowStays(api)).filter((candidate) => candidate.startDate >= FROM)
    const target = bar(page, stay!.id)

    // A modified click is the browser's (another window), not the app's: this page stays where it is.
    const opened = page.context().waitForEvent('page')
    await target.click({ modifiers: ['ControlOrMeta'] })
    await (await opened).waitForURL(new RegExp(`#/bookings/${stay!.id}$`))
    await expect(page).toHaveURL(/#\/calendar/)

    await target.focus()
    // The hover card also opens on focus: the dates and payment without a mouse.
    await expect(page.getByRole('tooltip').getByText('Payment')).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`#/bookings/${stay!.id}$`))

    await page.goBack()
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    await bar(page, stay!.id).click()
    await expect(page).toHaveURL(new RegExp(`#/bookings/${stay!.id}$`))
  })

  test('a bar is moved held anywhere (its flag too) and stretched by its end; a checked-out bar stays', async ({
    page,
  }) => {
    await openWindow(page)
    const api = await staffApi(page)
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
    const stays = await windowStays(api)
    const movable = stays.find(
      (stay) =>
        stay.status === 'unconfirmed' &&
        stay.startDate > DESK_TODAY &&
        stay.endDate < addDays(FROM, DAYS - 2),
    )!
    const left = stays.find((stay) => stay.status === 'checked-out')!
    const dayWidth = async (cabinId: number) => (await lane(page, cabinId).boundingBox())!.width / DAYS
    const dragBy = async (from: { x: number; y: number }, dx: number) => {
      await page.mouse.move(from.x, from.y)
      await page.mouse.down()
      await page.mouse.move(from.x + dx / 2, from.y, { steps: 3 })
      await page.mouse.move(from.x + dx, from.y, { steps: 3 })
      await page.mouse.up()
    }

    const flag = (await bar(page, movable.id).locator('img, [role="img"], span').first().boundingBox())!
    await dragBy({ x: flag.x + flag.width / 2, y: flag.y + flag.height / 2 }, await dayWidth(movable.cabinId))
    const move = page.getByRole('dialog', { name: `Move booking #${movable.id}?` })
    await expect(move).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(move).toBeHidden()

    const end = (await bar(page, movable.id).boundingBox())!
    await dragBy({ x: end.x + end.width - 2, y: end.y + end.height / 2 }, await dayWidth(movable.cabinId))
    const stretch = page.getByRole('dialog', { name: `Change the departure of booking #${movable.id}?` })
    await expect(stretch).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(stretch).toBeHidden()

    const before = (await bar(page, left.id).boundingBox())!
    await dragBy(
      { x: before.x + before.width / 2, y: before.y + before.height / 2 },
      await dayWidth(left.cabinId),
    )
    // Neither a move nor a click: no question, the booking not opened, the bar where it was.
    await expect(page).toHaveURL(/#\/calendar/)
    await expect(page.getByRole('dialog')).toBeHidden()
    expect((await bar(page, left.id).boundingBox())!.x).toBeCloseTo(before.x, 0)
  })

  test('a calendar that cannot be loaded says so and loads again on Try again', async ({ page }) => {
    const { recover } = await failReadsUntilRecovered(
      page,
      '/rest/v1/cabins',
      restError('Server unavailable'),
    )
    await page.goto(`/#/calendar?from=${FROM}&days=${DAYS}`)
    await expect(page.getByRole('heading', { name: 'The calendar could not be loaded' })).toBeVisible()
    await expect(page.getByText('Server unavailable').first()).toBeVisible()
    recover()
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false')
  })

  test('hundreds of cabins: only the rows in sight are in the page, and scrolling brings the rest', async ({
    page,
  }) => {
    const cabins = Array.from({ length: 300 }, (_, index) => ({
      id: 100_000 + index,
      name: `Cabin ${String(index + 1).padStart(3, '0')}`,
      maxCapacity: 2,
    }))
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/cabins'),
      (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(cabins) }),
    )
    await openWindow(page)
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '302')
    const rows = grid(page).locator('[role="row"][data-cabin-id]')
    await expect(rows.first()).toHaveAttribute('data-cabin-id', '100000')
    expect(await rows.count()).toBeLessThan(60)

    await page
      .locator('[data-calendar-scroll]')
      .evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await expect(row(page, 100_299)).toBeInViewport()
    expect(await rows.count()).toBeLessThan(60)
    await expect(row(page, 100_000)).toHaveCount(0)
  })

  test('without cabins it says so and leads to the Cabins screen', async ({ page }) => {
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/cabins'),
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    )
    await page.goto(`/#/calendar?from=${FROM}&days=${DAYS}`)
    await expect(page.getByText('There are no cabins to show yet.')).toBeVisible()
    await page.getByRole('link', { name: 'Add a cabin on the Cabins screen' }).click()
    await expect(page).toHaveURL(/#\/cabins$/)
  })
})
