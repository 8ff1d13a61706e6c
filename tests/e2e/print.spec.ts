import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login, useDisplayMode } from './support/app'
import { staffApi, type StaffApi } from './support/api'
import { DESK_TODAY } from './support/deskDay'
import { failRequests, holdReads, restError } from './support/network'

/** A stay as the API answers it, with what a printed line shows. */
interface ApiStay {
  id: number
  startDate: string
  endDate: string
  status: string
  numNights: number
  numGuests: number
  hasBreakfast: boolean
  isPaid: boolean
  observations: string | null
  cabinPrice: number
  extrasPrice: number
  totalPrice: number
  cabins: { name: string }
  guests: { fullName: string; email: string; nationality: string; nationalID: string }
}

const STAY_COLUMNS =
  'id,startDate,endDate,status,numNights,numGuests,hasBreakfast,isPaid,observations,cabinPrice,extrasPrice,totalPrice,cabins(name),guests(fullName,email,nationality,nationalID)'

/** The stays of the desk's day as the API knows them, by id. */
async function staysOfTheDay(api: StaffApi): Promise<Map<number, ApiStay>> {
  const stays = await api.select<ApiStay>(
    `bookings?select=${STAY_COLUMNS}&startDate=lte.${DESK_TODAY}&endDate=gte.${DESK_TODAY}&status=neq.cancelled`,
  )
  return new Map(stays.map((stay) => [stay.id, stay]))
}

/** A stay's line as the sheet must print it: done box, cabin, guest, nights, guests, breakfast, paid, observations. */
const lineOf = (stay: ApiStay, done: boolean) => [
  done ? '✓Done' : 'Not done',
  stay.cabins.name,
  stay.guests.fullName,
  String(stay.numNights),
  String(stay.numGuests),
  stay.hasBreakfast ? 'Yes' : 'No',
  stay.isPaid ? 'Paid' : 'Unpaid',
  stay.observations ?? '',
]

const byCabin = (a: string[], b: string[]) => a[1].localeCompare(b[1], 'en', { numeric: true })

/** The rows of one section of the sheet, each as its cells' text. */
const linesIn = (section: Locator) =>
  section
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)),
    )

const sheet = (page: Page) => page.getByRole('article')
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** "Wed, Nov 18, 2026", as the app writes a calendar date. */
const stayDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  })

const money = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' })

test.describe("today's sheet", () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('lists the Today panel’s departures and arrivals and who sleeps here tonight, as the API knows them', async ({
    page,
  }) => {
    await login(page)
    const api = await staffApi(page)
    const stays = await staysOfTheDay(api)
    const today = await api.rpc<{ id: number; kind: 'arrival' | 'departure' }[]>('get_today_activity', {
      p_today: DESK_TODAY,
    })
    const expected = (kind: 'arrival' | 'departure', doneStatus: string) =>
      today
        .filter((activity) => activity.kind === kind)
        .map(({ id }) => lineOf(stays.get(id)!, stays.get(id)!.status === doneStatus))
        .sort(byCabin)
    // Tonight's guests: checked in and leaving later, or arriving today and not yet checked in.
    const tonight = [...stays.values()]
      .filter(
        (stay) =>
          stay.endDate > DESK_TODAY &&
          (stay.status === 'checked-in' || (stay.status === 'unconfirmed' && stay.startDate === DESK_TODAY)),
      )
      .map((stay) => lineOf(stay, false))
      .sort(byCabin)
    expect(today.length, 'the seed has arrivals and departures on the desk’s day').toBeGreaterThan(1)
    expect(tonight.length).toBeGreaterThan(today.filter((activity) => activity.kind === 'arrival').length)

    await page.getByRole('region', { name: 'Today' }).getByRole('link', { name: 'Print' }).click()
    await expect(page).toHaveURL(/#\/print\/today$/)
    await expect(page).toHaveTitle("Today's sheet · Innkeeper")
    await expect(sheet(page).getByRole('heading', { level: 1 })).toHaveText('Arrivals and departures')
    await expect(sheet(page).getByText('Wed, Nov 18, 2026')).toBeVisible()

    await expect(section(page, 'Departures').locator('tbody tr').first()).toBeVisible()
    expect(await linesIn(section(page, 'Departures'))).toEqual(expected('departure', 'checked-out'))
    expect(await linesIn(section(page, 'Arrivals'))).toEqual(expected('arrival', 'checked-in'))
    expect(await linesIn(section(page, 'In house tonight'))).toEqual(tonight)
    await expect(section(page, 'In house tonight').getByRole('heading')).toHaveText(
      `In house tonight (${tonight.length})`,
    )
  })

  test('prints on A4 in light colours without the app around it, even in dark mode', async ({
    page,
  }, testInfo) => {
    await useDisplayMode(page, 'dark')
    await login(page)
    await expect(page.locator('html')).toHaveClass(/dark-mode/)
    await page.goto('/#/print/today')
    await expect(section(page, 'Departures').locator('tbody tr').first()).toBeVisible()
    // A print view has no sidebar or header of its own, and is light on screen too.
    await expect(page.getByRole('link', { name: 'Bookings' })).toHaveCount(0)
    await expect(page.getByRole('banner').filter({ hasText: 'Demo' })).toHaveCount(0)
    await expect(page.locator('html')).toHaveClass(/light-mode/)

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('navigation', { name: 'Print' })).toBeHidden()
    const backgrounds = () =>
      page.evaluate(() =>
        [document.body, document.querySelector('main')!, document.querySelector('article')!].map(
          (element) => getComputedStyle(element).backgroundColor,
        ),
      )
    // White or transparent paper: nothing dark is printed (polled: colours fade in 0.3 s).
    const white = 'rgb(255, 255, 255)'
    const none = 'rgba(0, 0, 0, 0)'
    await expect.poll(backgrounds).toEqual([white, none, white])
    const ink = await sheet(page).evaluate((element) => getComputedStyle(element).color)
    expect(ink, 'dark text on the paper').toBe('rgb(31, 41, 55)')

    const pdfPath = testInfo.outputPath('today.pdf')
    await page.pdf({ path: pdfPath, format: 'A4', preferCSSPageSize: true })
    const pdf = readFileSync(pdfPath).toString('latin1')
    expect(pdf.startsWith('%PDF-')).toBe(true)
    // One A4 page (595 × 842 points).
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1)
    expect(pdf).toMatch(/\/MediaBox\s*\[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/)
    await testInfo.attach('today.pdf', { path: pdfPath, contentType: 'application/pdf' })
    const picture = testInfo.outputPath('today.png')
    try {
      // The page as a picture, to look at (Ghostscript, where installed).
      execFileSync('gs', [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-sDEVICE=png16m',
        '-r80',
        `-sOutputFile=${picture}`,
        pdfPath,
      ])
      await testInfo.attach('today.png', { path: picture, contentType: 'image/png' })
    } catch {
      testInfo.annotations.push({
        type: 'note',
        description: 'no Ghostscript: the PDF was not drawn as a picture',
      })
    }

    // Leaving the print view gives the desk its dark mode back.
    await page.emulateMedia({ media: 'screen' })
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/dark-mode/)
  })

  test('is opened and printed from the keyboard, with the browser’s print dialog in web mode', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const printed = { count: 0 }
      Object.assign(window, { printed })
      window.print = () => void printed.count++
    })
    await login(page)
    const print = page.getByRole('region', { name: 'Today' }).getByRole('link', { name: 'Print' })
    await expect(print).toBeVisible()
    for (
      let step = 0;
      step < 40 && !(await print.evaluate((link) => link === document.activeElement));
      step++
    )
      await page.keyboard.press('Tab')
    await expect(print).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#\/print\/today$/)
    await expect(section(page, 'Departures').locator('tbody tr').first()).toBeVisible()

    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Back' })).toBeFocused()
    await page.keyboard.press('Tab')
    const printButton = page.getByRole('button', { name: 'Print' })
    await expect(printButton).toBeFocused()
    // Web mode has no "Save as PDF" of its own: the browser's dialog saves PDFs.
    await expect(page.getByRole('button', { name: 'Save as PDF' })).toHaveCount(0)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: { count: number } }).printed.count))
      .toBe(1)
  })

  test('keeps loading, failed and empty apart, and Print waits for something to print', async ({ page }) => {
    await login(page)
    const isStaysRead = (url: URL) => url.pathname === '/rest/v1/bookings' && url.searchParams.has('endDate')
    const slow = await holdReads(page, isStaysRead)
    await page.goto('/#/print/today')
    await expect(page.getByRole('status').filter({ hasText: "Loading today's sheet…" })).toBeAttached()
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled()
    slow.release()
    await expect(section(page, 'Departures')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled()
    await page.unrouteAll()

    await failRequests(page, {
      path: '/rest/v1/bookings',
      method: 'GET',
      body: restError('the disk is full'),
    })
    await page.reload()
    await expect(sheet(page).getByText("Today's sheet could not be loaded")).toBeVisible()
    await expect(sheet(page).getByText('the disk is full')).toBeVisible()
    await expect(sheet(page).getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled()
    await page.unrouteAll()

    // A day with nobody coming, going or staying.
    await page.route(
      (url) => isStaysRead(url),
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    )
    await page.reload()
    await expect(sheet(page).getByText('No arrivals, departures or guests in house today.')).toBeVisible()
    await expect(section(page, 'Departures')).toHaveCount(0)
  })
})

test.describe('the registration card', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test("shows the booking's guest, stay, prices, payment and observations, with a line to sign", async ({
    page,
  }) => {
    await login(page)
    const api = await staffApi(page)
    // A stay with breakfast and observations: every part of the card has something to show.
    const [stay] = await api.select<ApiStay>(
      `bookings?select=${STAY_COLUMNS}&hasBreakfast=eq.true&observations=neq.&order=id&limit=1`,
    )
    expect(stay?.observations).toBeTruthy()

    // The business as its owner named it (the demo has no name): the card's letterhead shows it.
    await page.route(
      (url) => url.pathname === '/rest/v1/settings',
      async (route) => {
        const response = await route.fetch()
        const settings = (await response.json()) as Record<string, unknown>
        await route.fulfill({ response, json: { ...settings, businessName: 'Fjord Cabins' } })
      },
    )
    await page.goto(`/#/bookings/${stay.id}`)
    await page.getByRole('link', { name: 'Registration card' }).click()
    await expect(page).toHaveURL(new RegExp(`#/print/bookings/${stay.id}$`))
    await expect(page).toHaveTitle(`Registration card #${stay.id} · Innkeeper`)
    await expect(sheet(page).getByRole('heading', { level: 1 })).toHaveText('Registration card')
    await expect(sheet(page).getByText(`Booking #${stay.id}`)).toBeVisible()
    await expect(sheet(page).locator('header')).toContainText('Fjord Cabins')

    const field = (group: string, label: string) =>
      section(page, group).getByRole('term').filter({ hasText: label }).locator('+ dd')
    const card = {
      Guest: {
        'Full name': stay.guests.fullName,
        Email: stay.guests.email,
        Nationality: stay.guests.nationality,
        'National ID': stay.guests.nationalID,
      },
      Stay: {
        Cabin: stay.cabins.name,
        Arrival: stayDate(stay.startDate),
        Departure: stayDate(stay.endDate),
        Nights: `${stay.numNights} night${stay.numNights === 1 ? '' : 's'}`,
        Guests: String(stay.numGuests),
      },
      Prices: {
        'Cabin price': money(stay.cabinPrice),
        Breakfast: `Included, ${money(stay.extrasPrice)}`,
        'Total price': money(stay.totalPrice),
        Payment: stay.isPaid ? 'Paid' : 'Will pay at property',
      },
    }
    for (const [group, fields] of Object.entries(card))
      for (const [label, value] of Object.entries(fields))
        await expect(field(group, label), `${group}: ${label}`).toHaveText(value)
    await expect(section(page, 'Observations')).toContainText(stay.observations!)
    await expect(sheet(page).getByText("Guest's signature")).toBeVisible()

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('navigation', { name: 'Print' })).toBeHidden()
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true })
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g), 'one page').toHaveLength(1)
  })

  test('says when the booking does not exist, and when it could not be loaded', async ({ page }) => {
    await login(page)
    await page.goto('/#/print/bookings/999999')
    await expect(sheet(page).getByText('No booking could be found.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled()

    await failRequests(page, {
      path: '/rest/v1/bookings',
      method: 'GET',
      body: restError('the disk is full'),
    })
    await page.goto('/#/print/bookings/1')
    await expect(sheet(page).getByText('Booking could not be loaded')).toBeVisible()
    await expect(sheet(page).getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled()
  })
})
