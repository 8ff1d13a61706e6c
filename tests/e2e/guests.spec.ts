import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { staffApi } from './support/api'
import { login, waitForOpened } from './support/app'
import { parseMoney } from './support/bookings'
import { DESK_TODAY } from './support/deskDay'
import { cutLiveUpdates } from './support/network'

test.beforeEach(async ({ page }) => {
  // Each flow creates and opens guests through the screens: several round trips.
  test.setTimeout(60_000)
  await login(page)
})

const guestsTable = (page: Page) => page.getByRole('table', { name: 'Guests' })
/** The directory's rows (each guest's name is its link). */
const guestRows = (page: Page) =>
  guestsTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('link') })
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search guests' })
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

/** A guest name no other test (or run on the same data) uses. */
function uniqueName(first: string): string {
  return `${first} Test${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
}

/** Creates a guest through "New guest" with a name only, and opens their page. */
async function createGuest(page: Page, fullName: string): Promise<number> {
  await page.goto('/#/guests')
  await page.getByRole('button', { name: 'New guest' }).click()
  const dialog = page.getByRole('dialog', { name: 'New guest' })
  await waitForOpened(dialog)
  await dialog.getByLabel('Full name').fill(fullName)
  await dialog.getByRole('button', { name: 'Create guest' }).click()
  await expect(dialog).toBeHidden()
  await searchBox(page).fill(fullName)
  await guestRows(page).getByRole('link', { name: fullName }).click()
  await expect(h1(page, fullName)).toBeVisible()
  return Number(page.url().match(/#\/guests\/(\d+)$/)![1])
}

test('a guest search finds guests by part of a name on the server, kept in the address', async ({ page }) => {
  const api = await staffApi(page)
  await page.goto('/#/guests?page=2')
  await expect(guestRows(page)).toHaveCount(10)

  await searchBox(page).fill('ana')
  // Back to page 1 of the matches, the search in the address.
  await expect(page).toHaveURL(/#\/guests\?q=ana$/)
  const matches = await api.rpc<number>('count_guests', { p_search: 'ana' })
  expect(matches).toBeGreaterThan(1)
  await expect(guestRows(page)).toHaveCount(Math.min(matches, 10))
  for (const row of await guestRows(page).all()) await expect(row).toContainText(/ana/i)
  await expect(guestRows(page).getByRole('link', { name: 'Ana Costa' })).toBeVisible()

  await page.reload()
  await expect(searchBox(page)).toHaveValue('ana')
  await expect(guestRows(page)).toHaveCount(Math.min(matches, 10))

  // A national ID finds its guest too; nothing found is said as such.
  const [ana] = await api.select<{ nationalID: string }>('guests?fullName=eq.Ana%20Costa&select=nationalID')
  await searchBox(page).fill(ana.nationalID.slice(2, 8))
  await expect(guestRows(page).getByRole('link', { name: 'Ana Costa' })).toBeVisible()
  await searchBox(page).fill('no such guest')
  await expect(page.getByText('No guest matches “no such guest”.')).toBeVisible()
  await expect(page).toHaveURL(/q=no\+such\+guest$/)
})

test('sorts the directory by name both ways, kept in the address', async ({ page }) => {
  await page.goto('/#/guests')
  const names = () => guestRows(page).getByRole('link').allTextContents()
  await expect(guestRows(page)).toHaveCount(10)
  const ascending = await names()
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)))

  await page.getByRole('combobox', { name: 'Sort by' }).click()
  await page.getByRole('option', { name: 'Sort by name (Z-A)' }).click()
  await expect(page).toHaveURL(/sortBy=fullName-desc/)
  await expect(guestRows(page).first()).not.toContainText(ascending[0])
  const descending = await names()
  expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a)))
})

test("a guest's page lists every stay newest first, adds them up, and leads to each booking", async ({
  page,
}) => {
  await page.goto('/#/guests?q=Ana%20Costa')
  await guestRows(page).getByRole('cell').nth(2).click()
  await expect(h1(page, 'Ana Costa')).toBeVisible()
  await expect(page).toHaveTitle('Ana Costa · Innkeeper')
  const guestUrl = page.url()

  const stays = page.getByRole('table', { name: 'Stays' }).locator('tbody tr')
  await expect(stays.first()).toBeVisible()
  const rows = await stays.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
  )
  expect(rows.length).toBeGreaterThan(1)
  const arrivals = rows.map(([, dates]) => Date.parse(dates.split('—')[0]))
  expect(arrivals).toEqual([...arrivals].sort((a, b) => b - a))

  // Cabin+number, dates, nights, guests, status, amount; cancelled stays add nothing.
  const counted = rows.filter((cells) => cells[4] !== 'Cancelled')
  const figure = (title: string) => page.getByRole('region', { name: title }).getByRole('paragraph')
  await expect(figure('Stays')).toHaveText(String(counted.length))
  await expect(figure('Nights')).toHaveText(String(counted.reduce((sum, cells) => sum + Number(cells[2]), 0)))
  const spent = counted.reduce((sum, cells) => sum + parseMoney(cells[5]), 0)
  expect(parseMoney((await figure('Amount spent').textContent())!)).toBeCloseTo(spent, 2)

  // With bookings the guest cannot be deleted, and the page says why.
  await expect(page.getByRole('button', { name: 'Delete guest' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Delete guest' })).toHaveAccessibleDescription(
    'This guest has bookings and cannot be deleted',
  )
  await expect(page.getByRole('link', { name: 'New booking' })).toHaveAttribute(
    'href',
    `#/bookings/new?guestId=${guestUrl.match(/(\d+)$/)![1]}`,
  )

  const newest = rows[0][0].match(/#(\d+)/)![1]
  await stays
    .first()
    .getByRole('link', { name: `Booking #${newest}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`#/bookings/${newest}$`))
  // The booking names its guest, whose name leads back.
  await page.getByRole('region', { name: 'Booking summary' }).getByRole('link', { name: 'Ana Costa' }).click()
  await expect(page).toHaveURL(guestUrl)
  await expect(h1(page, 'Ana Costa')).toBeVisible()
})

test('creates a guest, saying first what is missing or wrong', async ({ page }) => {
  const fullName = uniqueName('Ines')
  await page.goto('/#/guests')
  await page.getByRole('button', { name: 'New guest' }).click()
  const dialog = page.getByRole('dialog', { name: 'New guest' })
  await waitForOpened(dialog)
  await expect(dialog.getByLabel('Full name')).toBeFocused()

  await dialog.getByRole('button', { name: 'Create guest' }).click()
  await expect(dialog.getByLabel('Full name')).toHaveAccessibleDescription(
    "Please enter the guest's full name",
  )
  await dialog.getByLabel('Full name').fill(fullName)
  await dialog.getByLabel('Email address').fill('ines@example')
  await dialog.getByRole('button', { name: 'Create guest' }).click()
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
  await dialog.getByLabel('Email address').fill('ines@example.com')
  await expect(dialog.getByText('Please enter a valid email address')).toBeHidden()

  // The nationality from the keyboard: a few letters, Enter.
  await dialog.getByLabel('Nationality').fill('portu')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Portugal')).toBeVisible()
  await dialog.getByLabel('National ID').fill('PT-123456')
  await dialog.getByRole('button', { name: 'Create guest' }).click()

  await expect(page.getByText('Guest successfully created')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/guests$/)

  await searchBox(page).fill('PT-123456')
  const row = guestRows(page).filter({ hasText: fullName })
  await expect(row).toContainText('ines@example.com')
  await expect(row).toContainText('Portugal')
  await expect(row.getByRole('img', { name: 'Flag of Portugal' })).toBeVisible()
})

test('lists the countries at a readable width when the desk types a nationality as the dialog opens', async ({
  page,
}) => {
  await page.goto('/#/guests')
  await page.getByRole('button', { name: 'New guest' }).click()
  // No wait for the dialog's opening: the list opens while the dialog still zooms in.
  await page.getByRole('dialog', { name: 'New guest' }).getByLabel('Nationality').fill('bosnia')
  const option = page.locator('.ant-select-item-option', { hasText: 'Bosnia and Herzegovina' })
  await expect(option).toBeVisible()
  // The name is whole on the list (not cut to "B…"), and the list at least as wide as its rule.
  await expect
    .poll(() =>
      option
        .locator('span', { hasText: 'Bosnia and Herzegovina' })
        .last()
        .evaluate((name) => name.scrollWidth <= name.clientWidth),
    )
    .toBe(true)
  expect((await page.locator('.ant-select-dropdown:visible').boundingBox())!.width).toBeGreaterThanOrEqual(
    240,
  )
})

test("edits a guest's details: a broken rule is said and nothing saved, then the change is", async ({
  page,
}) => {
  const fullName = uniqueName('Olga')
  const id = await createGuest(page, fullName)
  await expect(page.getByText('This guest has no bookings yet.')).toBeVisible()
  const details = page.getByRole('region', { name: 'Details' })

  await details.getByLabel('National ID').fill('9'.repeat(31))
  await details.getByRole('button', { name: 'Save changes' }).click()
  await expect(details.getByText('The national ID can have at most 30 characters')).toBeVisible()
  await page.reload()
  await expect(details.getByLabel('National ID')).toHaveValue('')

  const renamed = `${fullName} Petrova`
  await details.getByLabel('Full name').fill(renamed)
  await details.getByLabel('National ID').fill('UA-77')
  await details.getByLabel('Nationality').fill('ukr')
  await page.keyboard.press('Enter')
  await details.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Guest successfully updated')).toBeVisible()
  await expect(h1(page, renamed)).toBeVisible()

  await page.reload()
  await expect(details.getByLabel('Full name')).toHaveValue(renamed)
  await expect(details.getByLabel('National ID')).toHaveValue('UA-77')
  await expect(page.getByRole('img', { name: 'Flag of Ukraine' }).first()).toBeVisible()
  expect(page.url()).toMatch(new RegExp(`#/guests/${id}$`))
})

test('the server refuses to delete a guest who got a booking meanwhile, and the page shows it', async ({
  page,
}) => {
  // The page must still show no stays when Delete is clicked: its live updates are cut.
  await cutLiveUpdates(page)
  const fullName = uniqueName('Pavel')
  const id = await createGuest(page, fullName)
  const deleteButton = page.getByRole('button', { name: 'Delete guest' })
  await expect(deleteButton).toBeEnabled()

  // Another desk books the guest while this page shows no stays (staffApi reloads it before).
  const api = await staffApi(page)
  await expect(deleteButton).toBeEnabled()
  const stay = { p_start_date: '2027-09-01', p_end_date: '2027-09-05', p_num_guests: 1 }
  const [cabin] = await api.rpc<{ id: number; cabinPrice: number }[]>('free_cabins', stay)
  await api.rpc('create_booking', {
    p_cabin_id: cabin.id,
    ...stay,
    p_has_breakfast: false,
    p_is_paid: false,
    p_observations: '',
    p_expected_total_price: cabin.cabinPrice,
    p_today: DESK_TODAY,
    p_guest_id: id,
  })
  await expect(deleteButton).toBeEnabled()
  await deleteButton.click()
  await page.getByRole('dialog', { name: 'Delete guest' }).getByRole('button', { name: 'Delete' }).click()
  await expect(
    page.getByRole('status').getByText('This guest has bookings and cannot be deleted'),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`#/guests/${id}$`))
  // The page reads the stays again: the booking is there, and Delete is no longer offered.
  await expect(page.getByRole('table', { name: 'Stays' }).locator('tbody tr')).toHaveCount(1)
  await expect(deleteButton).toBeDisabled()
})

test('deletes a guest without bookings, asked first', async ({ page }) => {
  const other = uniqueName('Vera')
  await createGuest(page, other)
  await page.getByRole('button', { name: 'Delete guest' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete guest' })
  await waitForOpened(confirm)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Guest successfully deleted')).toBeVisible()
  await expect(page).toHaveURL(/#\/guests$/)
  await searchBox(page).fill(other)
  await expect(page.getByText(`No guest matches “${other}”.`)).toBeVisible()
})

test('the directory goes through the list from the keyboard alone', async ({ page }) => {
  await page.goto('/#/guests')
  await expect(guestRows(page)).toHaveCount(10)
  const [first, second] = await guestRows(page).getByRole('link').allTextContents()

  // The screen's main action first, then the search and the sort.
  await page.getByRole('button', { name: 'New guest' }).focus()
  await page.keyboard.press('Tab')
  await expect(searchBox(page)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused()
  // Then each row is one stop: its guest's name.
  await page.keyboard.press('Tab')
  await expect(guestRows(page).getByRole('link', { name: first })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(guestRows(page).getByRole('link', { name: second })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(h1(page, second)).toBeVisible()
})

test('a guest that does not exist is not found; a directory that fails to load says so and retries', async ({
  page,
}) => {
  await page.goto('/#/guests/999999')
  await expect(page.getByText('No guest could be found.')).toBeVisible()
  await expect(page).toHaveTitle('Guest #999999 · Innkeeper')

  let failing = true
  await page.route(/\/rest\/v1\/rpc\/guest_directory/, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'XX000',
            message: 'The database is unavailable',
            details: null,
            hint: null,
          }),
        })
      : route.continue(),
  )
  await page.goto('/#/guests')
  const failed = page.getByRole('heading', { name: 'Guests could not be loaded' })
  await expect(failed).toBeVisible()
  await expect(page.getByText('The database is unavailable').first()).toBeVisible()
  failing = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(guestRows(page)).toHaveCount(10)
  await expect(failed).toBeHidden()
})

/** Opens the Guests screen from the sidebar. */
async function openGuests(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guests' }).click()
  await expect(h1(page, 'All guests')).toBeVisible()
  return guestsTable(page)
}

test('the sidebar leads to the guests, after the bookings and the calendar', async ({ page }) => {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
  await expect(links).toHaveText([
    'Home',
    'Bookings',
    'Calendar',
    'Guests',
    'Cabins',
    'Users',
    'Activity',
    'Settings',
  ])
  await expect(await openGuests(page)).toBeVisible()
  await expect(page).toHaveTitle('Guests · Innkeeper')
})
