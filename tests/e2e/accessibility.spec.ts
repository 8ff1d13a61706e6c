import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import {
  DESK_EMAIL,
  DESK_PASSWORD,
  expectReadableIn,
  login,
  useDisplayMode,
  waitForOpened,
} from './support/app'
import { axeViolations } from './support/axe'
import { bookingIdsShown, findBooking, isPaid } from './support/bookings'

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const found = await axeViolations(page)
  // Soft: one run reports every screen's violations, not only the first screen's.
  expect.soft(found, `${screen}:\n${found.join('\n')}`).toEqual([])
}

/** The first unconfirmed booking: its detail and its check-in screen. */
async function unconfirmedBooking(page: Page): Promise<number> {
  await page.goto('/#/bookings?status=unconfirmed')
  const [id] = await bookingIdsShown(page)
  return id
}

interface Screen {
  name: string
  /** Opens the screen, signed in, and waits until its content is drawn. */
  open: (page: Page) => Promise<void>
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    open: async (page) => {
      await page.goto('/#/dashboard')
      await expect(page.getByRole('region', { name: 'Bookings', exact: true })).toBeVisible()
    },
  },
  {
    name: 'bookings, with a row menu open',
    open: async (page) => {
      // A checked-out booking's menu has every kind of item, "Delete" (danger) among them.
      await page.goto('/#/bookings?status=checked-out')
      const [id] = await bookingIdsShown(page)
      await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible()
      await waitForOpened(page.getByRole('menu'))
    },
  },
  {
    name: 'calendar, with a hover card open',
    open: async (page) => {
      await page.goto('/#/calendar?from=2026-11-16&days=14')
      await expect(page.getByRole('grid', { name: 'Calendar' })).toHaveAttribute('aria-busy', 'false')
      await page.locator('[data-booking-id]').first().focus()
      // The card's box fades in, not its tooltip inside.
      await waitForOpened(page.locator('.ant-popover:not(.ant-popover-hidden)'))
    },
  },
  {
    name: 'a booking',
    open: async (page) => {
      const id = await unconfirmedBooking(page)
      await page.goto(`/#/bookings/${id}`)
      await expect(h1(page, new RegExp(`^Booking #${id}\\b`))).toBeVisible()
      await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toBeVisible()
    },
  },
  {
    name: "today's sheet (printed in light colours in either mode)",
    open: async (page) => {
      await page.goto('/#/print/today')
      await expect(page.getByRole('region', { name: 'Departures' }).locator('tbody tr').first()).toBeVisible()
      await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled()
    },
  },
  {
    name: 'a registration card',
    open: async (page) => {
      const id = await unconfirmedBooking(page)
      await page.goto(`/#/print/bookings/${id}`)
      await expect(page.getByRole('region', { name: 'Guest' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled()
    },
  },
  {
    name: 'check-in',
    open: async (page) => {
      const id = await unconfirmedBooking(page)
      await page.goto(`/#/checkin/${id}`)
      await expect(page.getByRole('checkbox', { name: /^I confirm that/ })).toBeVisible()
    },
  },
  {
    name: 'new booking, with free cabins listed and the guest missing',
    open: async (page) => {
      await page.goto('/#/bookings/new')
      await page.getByPlaceholder('Arrival').fill('2027-04-05')
      await page.getByPlaceholder('Arrival').press('Enter')
      await page.getByPlaceholder('Departure').fill('2027-04-09')
      await page.getByPlaceholder('Departure').press('Enter')
      await page.getByRole('radio', { name: /^Cabin 001\b/ }).check()
      await page.getByRole('button', { name: 'Create booking' }).click()
      await expect(page.getByText('This field is required')).toBeVisible()
    },
  },
  {
    name: 'cabins, with the cabin form open',
    open: async (page) => {
      await page.goto('/#/cabins')
      await page.getByRole('button', { name: 'Add new cabin' }).click()
      const form = page.getByRole('dialog')
      await waitForOpened(form)
      // A form the user tried to send: its validation errors are part of what must read well.
      await form.getByRole('button', { name: 'Create new cabin' }).click()
      await expect(form.getByText('This field is required').first()).toBeVisible()
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await page.goto('/#/settings')
      await expect(page.getByLabel('Breakfast price')).toBeVisible()
    },
  },
  {
    name: 'users',
    open: async (page) => {
      await page.goto('/#/users')
      await expect(page.getByLabel('Full name')).toBeVisible()
    },
  },
  {
    name: 'users, a new password for someone',
    open: async (page) => {
      await page.goto('/#/users')
      await page.getByRole('button', { name: 'Actions for Demo Front Desk' }).click()
      await page.getByRole('menuitem', { name: 'Set a new password' }).click()
      const dialog = page.getByRole('dialog', { name: 'New password for Demo Front Desk' })
      await waitForOpened(dialog)
      await dialog.getByRole('button', { name: 'Set password' }).click()
      await expect(dialog.getByText('This field is required').first()).toBeVisible()
    },
  },
  {
    name: 'users, removing staff access',
    open: async (page) => {
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Actions for Demo Front Desk' }).click()
      await page.getByRole('menuitem', { name: 'Remove staff access' }).click()
      await waitForOpened(page.getByRole('dialog', { name: 'Remove staff access' }))
    },
  },
  {
    name: 'activity, filtered by kind',
    open: async (page) => {
      await page.goto('/#/activity?kind=bookings')
      await expect(page.getByRole('table', { name: 'Activity' }).getByRole('link').first()).toBeVisible()
    },
  },
  {
    name: 'account',
    open: async (page) => {
      await page.goto('/#/account')
      await expect(h1(page, 'Update your account')).toBeVisible()
    },
  },
  {
    name: 'guests, searched',
    open: async (page) => {
      await page.goto('/#/guests?q=an')
      await expect(page.getByRole('table', { name: 'Guests' }).getByRole('link').first()).toBeVisible()
    },
  },
  {
    name: 'a guest, with stays',
    open: async (page) => {
      await page.goto('/#/guests?q=Ana%20Costa')
      await page.getByRole('table', { name: 'Guests' }).getByRole('link', { name: 'Ana Costa' }).click()
      await expect(page.getByRole('table', { name: 'Stays' }).locator('tbody tr').first()).toBeVisible()
    },
  },
  {
    name: 'new guest, with its errors and the nationality list open',
    open: async (page) => {
      await page.goto('/#/guests')
      await page.getByRole('button', { name: 'New guest' }).click()
      const form = page.getByRole('dialog', { name: 'New guest' })
      await waitForOpened(form)
      await form.getByLabel('Email address').fill('not an address')
      await form.getByRole('button', { name: 'Create guest' }).click()
      await expect(form.getByText("Please enter the guest's full name")).toBeVisible()
      await form.getByLabel('Nationality').fill('ger')
      await waitForOpened(page.locator('.ant-select-dropdown'))
    },
  },
]

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => useDisplayMode(page, mode))

    test('the login screen, with a failed login, has no serious accessibility violations', async ({
      page,
    }) => {
      await page.goto('/#/login')
      await expect(h1(page, 'Log in to your account')).toBeVisible()
      await expectNoSeriousViolations(page, 'login')
      await page.getByRole('button', { name: 'Login' }).click()
      await expect(page.getByText('This field is required').first()).toBeVisible()
      await expectNoSeriousViolations(page, 'login with errors')
    })

    test('the not-found screen has no serious accessibility violations', async ({ page }) => {
      await page.goto('/#/no-such-page')
      await expect(page.getByText('The page you are looking for could not be found')).toBeVisible()
      await expectNoSeriousViolations(page, 'not found')
    })

    test("the front desk's no-access screen has no serious accessibility violations", async ({ page }) => {
      await login(page, DESK_EMAIL, DESK_PASSWORD)
      await page.goto('/#/settings')
      await expect(h1(page, 'You do not have access to this page')).toBeVisible()
      await expectNoSeriousViolations(page, 'no access')
    })

    test('the payment confirmation, disabled once ticked, reads as the sentence it is', async ({ page }) => {
      // axe leaves disabled controls out; this sentence is what the receptionist confirms.
      await login(page)
      const id = await findBooking(page, 'unconfirmed', (detail) => isPaid(detail))
      await page.goto(`/#/checkin/${id}`)
      await expect(page.getByRole('checkbox', { name: /^I confirm that/ })).toBeDisabled()
      await expectReadableIn(page, mode, page.getByText(/^I confirm that .* has paid the total amount of/))
    })

    test('every screen after login has no serious accessibility violations', async ({ page }) => {
      test.setTimeout(150_000)
      await login(page)
      for (const screen of SCREENS) {
        await screen.open(page)
        await expectNoSeriousViolations(page, screen.name)
      }
    })
  })
}
