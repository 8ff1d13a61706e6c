import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login } from './support/app'
import { checkInABooking } from './support/bookings'
import { staffApi, type StaffApi } from './support/api'
import { DESK_TODAY } from './support/deskDay'

// Every test takes its own stay, far past the demo's bookings (they end about 30 days after the desk
// day), so none is in another's way; the cabins, prices and guests are the demo's.

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })
const cabinOption = (page: Page, name: string) =>
  page.getByRole('radio', { name: new RegExp(`^Cabin ${name}\\b`) })

/** A cabin offered with this text (its capacity, its prices) in its radio's name. */
async function expectOffer(page: Page, cabin: string, text: string): Promise<void> {
  const escaped = text.replace(/[$.()]/g, (character) => `\\${character}`)
  await expect(cabinOption(page, cabin)).toHaveAccessibleName(new RegExp(escaped))
}

async function openNewBooking(page: Page): Promise<void> {
  await page.goto('/#/bookings/new')
  await expect(heading(page, 'New booking')).toBeVisible()
}

/** Types the stay into the range picker, as a desk on the phone would. */
async function chooseStay(page: Page, startDate: string, endDate: string): Promise<void> {
  const arrival = page.getByPlaceholder('Arrival')
  const departure = page.getByPlaceholder('Departure')
  await arrival.click()
  await arrival.fill(startDate)
  await arrival.press('Enter')
  await expect(departure).toBeFocused()
  await departure.fill(endDate)
  await departure.press('Enter')
}

async function findGuest(page: Page, fragment: string, fullName: string): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Find the guest' })
  await search.click()
  await search.fill(fragment)
  await expect(page.getByRole('option', { name: new RegExp(`^${fullName},`) })).toBeAttached()
  // The listbox a screen reader reads is hidden; the eye reads and clicks the row with the guest's name.
  await page.getByTitle(fullName, { exact: true }).click()
}

/** A demo guest's id, found the way the form finds it. */
async function guestId(api: StaffApi, fullName: string): Promise<number> {
  const [guest] = await api.rpc<{ id: number }[]>('search_guests', { p_query: fullName })
  return guest.id
}

async function cabinIdOf(api: StaffApi, name: string): Promise<number> {
  const [cabin] = await api.select<{ id: number }>(`cabins?name=eq.${name}&select=id`)
  return cabin.id
}

/** A booking made through the API, as another desk would make it. */
async function bookThroughApi(
  api: StaffApi,
  stay: { cabin: string; startDate: string; endDate: string; numGuests: number; guest: string },
): Promise<number> {
  const cabinId = await cabinIdOf(api, stay.cabin)
  const [quote] = await api.rpc<{ totalPrice: number }[]>('quote_stay', {
    p_cabin_id: cabinId,
    p_start_date: stay.startDate,
    p_end_date: stay.endDate,
    p_num_guests: stay.numGuests,
    p_has_breakfast: false,
  })
  return api.rpc<number>('create_booking', {
    p_cabin_id: cabinId,
    p_start_date: stay.startDate,
    p_end_date: stay.endDate,
    p_num_guests: stay.numGuests,
    p_has_breakfast: false,
    p_is_paid: false,
    p_observations: '',
    p_expected_total_price: quote.totalPrice,
    p_today: DESK_TODAY,
    p_guest_id: await guestId(api, stay.guest),
  })
}

test.beforeEach(async ({ page }) => {
  // A booking is many steps, each a request to the server: more than the default's 30 s on a busy machine.
  test.setTimeout(60_000)
  await login(page)
})

test('a phone booking for a returning guest, found by part of her name, opens as unconfirmed', async ({
  page,
}) => {
  await openNewBooking(page)
  await chooseStay(page, '2027-01-11', '2027-01-15')
  await expect(page.getByText('4 nights', { exact: true })).toBeVisible()
  await page.getByLabel('Number of guests').fill('2')

  // Cabin 003: $300 a night, no discount, for four; 002 ($350 − $25) shows its price after discount.
  await expectOffer(page, '003', 'Fits up to 4 guests')
  await expectOffer(page, '003', '$300.00 / night')
  await expectOffer(page, '003', '$1,200.00 for 4 nights')
  await expectOffer(page, '002', '$325.00 / night')
  await cabinOption(page, '003').check()

  // Breakfast: $15 × 4 nights × 2 guests.
  await page.getByRole('checkbox', { name: /^Breakfast \$120\.00 for this stay/ }).check()
  await page.getByLabel('Observations').fill('Arriving late, around 22:00')
  await findGuest(page, 'schmi', 'Jonas Schmidt')

  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary).toContainText('4 nights in Cabin 003 for 2 guests')
  await expect(summary).toContainText('$1,320.00')
  await page.getByRole('button', { name: 'Create booking' }).click()

  await expect(page).toHaveURL(/#\/bookings\/\d+$/)
  const id = Number(page.url().split('/').pop())
  await expect(page.getByText(`Booking #${id} successfully created`)).toBeVisible()
  await expect(heading(page, new RegExp(`^Booking #${id}\\b`))).toContainText('Unconfirmed')
  const booking = page.getByRole('region', { name: 'Booking summary' })
  await expect(booking).toContainText('4 nights in Cabin 003')
  await expect(booking).toContainText('Jonas Schmidt')
  await expect(booking).toContainText('$1,320.00')
  await expect(booking).toContainText('Arriving late, around 22:00')
})

test('a phone booking for a new guest creates the guest with the booking', async ({ page }) => {
  const fullName = `Ingrid Halvorsen ${Date.now().toString(36)}`
  await openNewBooking(page)
  await chooseStay(page, '2027-01-18', '2027-01-21')
  await page.getByLabel('Number of guests').fill('1')
  await cabinOption(page, '001').check()
  await page.getByText('A new guest', { exact: true }).click()

  // Sent without a name: the guest's own rule, in the server's words, and nothing saved.
  await page.getByRole('button', { name: 'Create booking' }).click()
  await expect(page.getByText("Please enter the guest's full name")).toBeVisible()
  await expect(page).toHaveURL(/#\/bookings\/new$/)

  await page.getByLabel('Full name').fill(fullName)
  await page.getByLabel('Email address').fill('ingrid@example.no')
  await page.getByLabel('Nationality').fill('Norw')
  await expect(page.getByRole('option', { name: 'Norway' })).toBeAttached()
  await page.getByLabel('Nationality').press('Enter')
  await page.getByLabel('National ID').fill('NO-4711')
  await page.getByRole('button', { name: 'Create booking' }).click()

  await expect(page).toHaveURL(/#\/bookings\/\d+$/)
  const booking = page.getByRole('region', { name: 'Booking summary' })
  await expect(booking).toContainText(fullName)
  await expect(booking).toContainText('ingrid@example.no')
  await expect(booking.getByRole('img', { name: 'Flag of Norway' })).toBeVisible()
})

test("a booking from a guest's page starts with that guest; an unknown guest is not found", async ({
  page,
}) => {
  const api = await staffApi(page)
  const id = await guestId(api, 'Wei Chen')
  await page.goto(`/#/bookings/new?guestId=${id}`)
  await expect(heading(page, 'New booking')).toBeVisible()
  await expect(page.getByTitle('Wei Chen', { exact: true })).toBeVisible()

  await page.goto('/#/bookings/new?guestId=99999999')
  await expect(page.getByText('No guest could be found.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create booking' })).toHaveCount(0)
})

test('a stay chosen on the calendar opens with its cabin and dates, and is booked as chosen', async ({
  page,
}) => {
  const api = await staffApi(page)
  const cabinId = await cabinIdOf(api, '003')
  await page.goto(`/#/bookings/new?cabinId=${cabinId}&from=2027-03-15&to=2027-03-19`)
  await expect(heading(page, 'New booking')).toBeVisible()
  await expect(page.getByPlaceholder('Arrival')).toHaveValue('Mar 15 2027')
  await expect(page.getByPlaceholder('Departure')).toHaveValue('Mar 19 2027')
  await expect(page.getByLabel('Number of guests')).toHaveValue('1')
  await expect(cabinOption(page, '003')).toBeChecked()
  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary).toContainText('4 nights in Cabin 003 for 1 guest')

  await findGuest(page, 'rossi', 'Sofia Rossi')
  await page.getByRole('button', { name: 'Create booking' }).click()
  await expect(page).toHaveURL(/#\/bookings\/\d+$/)
  const id = Number(page.url().split('/').pop())
  await expect(page.getByText(`Booking #${id} successfully created`)).toBeVisible()
  const [stored] = await api.select<{
    cabinId: number
    startDate: string
    endDate: string
    numGuests: number
  }>(`bookings?id=eq.${id}&select=cabinId,startDate,endDate,numGuests`)
  expect(stored).toEqual({ cabinId, startDate: '2027-03-15', endDate: '2027-03-19', numGuests: 1 })
})

test('from the calendar: a cabin taken for those dates is not chosen, values that are not valid are ignored', async ({
  page,
}) => {
  const api = await staffApi(page)
  const cabinId = await cabinIdOf(api, '006')
  await bookThroughApi(api, {
    cabin: '006',
    startDate: '2027-03-22',
    endDate: '2027-03-25',
    numGuests: 2,
    guest: 'Ole Hansen',
  })
  // Taken by another desk since the calendar was drawn: the dates stay, the free cabins are offered.
  await page.goto(`/#/bookings/new?cabinId=${cabinId}&from=2027-03-22&to=2027-03-25`)
  await expect(page.getByPlaceholder('Arrival')).toHaveValue('Mar 22 2027')
  await expect(cabinOption(page, '001')).toBeVisible()
  await expect(cabinOption(page, '006')).toHaveCount(0)
  await expect(page.getByRole('radio', { name: /^Cabin /, checked: true })).toHaveCount(0)

  // A stay the rules refuse is shown with the rule, as if picked.
  await page.goto(`/#/bookings/new?cabinId=${cabinId}&from=2027-03-28&to=2027-03-29`)
  await expect(page.getByText('A booking must last between 3 and 90 nights')).toBeVisible()

  for (const query of [
    'cabinId=abc&from=2027-02-30&to=2027-03-04',
    `cabinId=${cabinId}&from=2027-03-04&to=2027-03-01`,
    `cabinId=-1&from=soon`,
  ]) {
    await page.goto(`/#/bookings/new?${query}`)
    await expect(heading(page, 'New booking')).toBeVisible()
    await expect(page.getByPlaceholder('Arrival'), query).toHaveValue('')
    await expect(page.getByPlaceholder('Departure'), query).toHaveValue('')
    await expect(
      page.getByText('Choose the dates and the number of guests to see the free cabins.'),
    ).toBeVisible()
  }
})

test('a cabin taken at another desk meanwhile: the server says by whom, the form keeps everything', async ({
  page,
}) => {
  const api = await staffApi(page)
  await openNewBooking(page)
  await chooseStay(page, '2027-01-25', '2027-01-29')
  await page.getByLabel('Number of guests').fill('2')
  await cabinOption(page, '004').check()
  await page.getByLabel('Observations').fill('Needs a cot')
  await findGuest(page, 'wilson', 'Emma Wilson')

  // Between the listing and the save, another desk books cabin 004 for the same nights.
  await page.route('**/rest/v1/rpc/create_booking', async (route) => {
    await bookThroughApi(api, {
      cabin: '004',
      startDate: '2027-01-25',
      endDate: '2027-01-29',
      numGuests: 2,
      guest: 'Maria Gomez',
    })
    await route.continue()
  })
  await page.getByRole('button', { name: 'Create booking' }).click()

  await expect(page.getByText('Cabin 004 is booked from 25 Jan to 29 Jan')).toBeVisible()
  await expect(page).toHaveURL(/#\/bookings\/new$/)
  // What was typed is still there; the cabin, now taken, is no longer offered.
  await expect(page.getByPlaceholder('Arrival')).toHaveValue('Jan 25 2027')
  await expect(page.getByPlaceholder('Departure')).toHaveValue('Jan 29 2027')
  await expect(page.getByLabel('Number of guests')).toHaveValue('2')
  await expect(page.getByLabel('Observations')).toHaveValue('Needs a cot')
  await expect(page.getByTitle('Emma Wilson', { exact: true }).filter({ visible: true })).toBeVisible()
  await expect(cabinOption(page, '003')).toBeVisible()
  await expect(cabinOption(page, '004')).toHaveCount(0)
})

test('changing the dates of an unconfirmed booking: the prices follow the nights', async ({ page }) => {
  const api = await staffApi(page)
  await openNewBooking(page)
  const id = await bookThroughApi(api, {
    cabin: '005',
    startDate: '2027-02-01',
    endDate: '2027-02-04',
    numGuests: 3,
    guest: 'Sofia Rossi',
  })

  await page.goto(`/#/bookings/${id}`)
  await page.getByRole('button', { name: 'Change booking' }).click()
  await expect(heading(page, `Change booking #${id}`)).toBeVisible()
  await expect(cabinOption(page, '005')).toBeChecked()
  await expectOffer(page, '005', '$1,050.00 for 3 nights')

  // Two nights more: $350 × 5.
  const departure = page.getByPlaceholder('Departure')
  await departure.click()
  await departure.fill('2027-02-06')
  await departure.press('Enter')
  await expect(page.getByText('5 nights', { exact: true })).toBeVisible()
  // Nothing is saved until "Save changes".
  await expect(page).toHaveURL(new RegExp(`#/bookings/${id}/edit$`))
  await expectOffer(page, '005', '$1,750.00 for 5 nights')
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('$1,750.00')
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page).toHaveURL(new RegExp(`#/bookings/${id}$`))
  await expect(page.getByText(`Booking #${id} successfully updated`)).toBeVisible()
  const booking = page.getByRole('region', { name: 'Booking summary' })
  await expect(booking).toContainText('5 nights in Cabin 005')
  await expect(booking).toContainText('$1,750.00')
})

test('a checked-in stay changes only its departure: the rest is locked, the price follows', async ({
  page,
}) => {
  const id = await checkInABooking(page)
  await page.goto(`/#/bookings/${id}`)
  await page.getByRole('button', { name: 'Change booking' }).click()
  await expect(heading(page, `Change booking #${id}`)).toBeVisible()
  await expect(
    page.getByText(
      'The guest has checked in: only the departure, the payment and the observations can change.',
    ),
  ).toBeVisible()
  await expect(page.getByPlaceholder('Arrival')).toBeDisabled()
  await expect(page.getByLabel('Number of guests')).toBeDisabled()
  await expect(page.getByRole('checkbox', { name: /^Breakfast/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Cabin / })).toHaveCount(0)

  // The guest leaves a night early.
  const nights = Number((await page.getByText(/^\d+ nights$/).textContent())!.split(' ')[0])
  const departure = page.getByPlaceholder('Departure')
  const stored = new Date(`${await departure.inputValue()} 12:00`)
  stored.setDate(stored.getDate() - 1)
  const earlier = `${stored.getFullYear()}-${String(stored.getMonth() + 1).padStart(2, '0')}-${String(stored.getDate()).padStart(2, '0')}`
  await departure.click()
  await departure.fill(earlier)
  await departure.press('Enter')
  await expect(page.getByText(`${nights - 1} nights`, { exact: true })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary).toContainText(`${nights - 1} nights in Cabin`)
  const total = (await summary.getByRole('definition').last().textContent())!
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page.getByText(`Booking #${id} successfully updated`)).toBeVisible()
  const booking = page.getByRole('region', { name: 'Booking summary' })
  await expect(booking).toContainText(`${nights - 1} nights in Cabin`)
  // What the form showed is what was stored.
  await expect(booking).toContainText(total)
})

test('no cabin free for the stay: the nearest free dates are offered and set in one click', async ({
  page,
}) => {
  const api = await staffApi(page)
  await openNewBooking(page)
  // Only 007 (8) and 008 (10) take eight guests: another desk has both for these nights.
  for (const cabin of ['007', '008'])
    await bookThroughApi(api, {
      cabin,
      startDate: '2027-02-10',
      endDate: '2027-02-13',
      numGuests: 8,
      guest: 'Ole Hansen',
    })

  await chooseStay(page, '2027-02-10', '2027-02-13')
  await page.getByLabel('Number of guests').fill('8')
  await expect(
    page.getByText(/^No cabin for 8 guests is free for every night from Feb 10 2027 to Feb 13 2027/),
  ).toBeVisible()
  await expect(page.getByRole('radio', { name: /^Cabin / })).toHaveCount(0)

  const nearest = page
    .getByRole('button', { name: /^Feb \d\d 2027 – Feb \d\d 2027 \(\d+ cabins?\)$/ })
    .first()
  await expect(nearest).toBeVisible()
  const [startText] = (await nearest.textContent())!.split(' – ')
  await nearest.click()
  await expect(page.getByPlaceholder('Arrival')).toHaveValue(startText)
  await expect(page.getByText('3 nights', { exact: true })).toBeVisible()
  await expect(page.getByRole('radio', { name: /^Cabin 00[78]\b/ }).first()).toBeVisible()
})

test('a booking taken from the keyboard alone', async ({ page }) => {
  // The pointer left where login clicked would rest on the calendar, whose hovered day the picker previews.
  await page.mouse.move(0, 0)
  await openNewBooking(page)
  // The arrival has the focus as the form opens.
  await expect(page.getByPlaceholder('Arrival')).toBeFocused()
  await page.keyboard.type('2027-03-01')
  await page.keyboard.press('Enter')
  await page.keyboard.type('2027-03-05')
  await page.keyboard.press('Enter')
  // Enter confirmed the day; it did not send the form (which would now show what is missing).
  await expect(page.getByText('4 nights', { exact: true })).toBeVisible()
  await expect(page.getByText('This field is required')).toHaveCount(0)
  // Past the picker's "Clear" button.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Number of guests')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('2')
  // The cabins for two guests: the list is asked again once the form counts two.
  await expect(page.getByText(/× 2 guests\)$/)).toBeVisible()
  await expect(cabinOption(page, '001')).toBeVisible()
  await page.keyboard.press('Tab')
  // The cabins are one radio group: Tab enters it, the arrows choose.
  await expect(cabinOption(page, '001')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(cabinOption(page, '002')).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: /^Breakfast/ })).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Observations')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: 'A returning guest' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Find the guest' })).toBeFocused()
  await page.keyboard.type('lindq')
  await expect(page.getByRole('option', { name: /^Elsa Lindqvist,/ })).toBeAttached()
  await page.keyboard.press('Enter')
  // Chosen: the list has closed.
  await expect(page.getByRole('combobox', { name: 'Find the guest' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Create booking' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/#\/bookings\/\d+$/)
  const booking = page.getByRole('region', { name: 'Booking summary' })
  // Cabin 002: ($350 − $25) × 4 + breakfast $15 × 4 × 2.
  await expect(booking).toContainText('4 nights in Cabin 002')
  await expect(booking).toContainText('Elsa Lindqvist')
  await expect(booking).toContainText('$1,420.00')
})

test('free cabins that cannot be loaded say so, and load on retry', async ({ page }) => {
  let failing = true
  await page.route('**/rest/v1/rpc/free_cabins', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          json: { code: 'XX000', message: 'The server is down', details: null, hint: null },
        })
      : route.continue(),
  )
  await openNewBooking(page)
  await chooseStay(page, '2027-03-08', '2027-03-11')
  await expect(page.getByText('Free cabins could not be loaded').first()).toBeVisible()
  await expect(page.getByRole('radio', { name: /^Cabin / })).toHaveCount(0)
  failing = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(cabinOption(page, '001')).toBeVisible()
})

test('changing a booking that does not exist is "not found"', async ({ page }) => {
  await page.goto('/#/bookings/99999999/edit')
  await expect(page.getByText('No booking could be found.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
})
