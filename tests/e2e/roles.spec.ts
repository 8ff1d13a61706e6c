import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { DESK_EMAIL, DESK_PASSWORD, login } from './support/app'
import { bookingIdsShown } from './support/bookings'

const NO_ACCESS = 'You do not have access to this page'

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('the front desk', () => {
  test.beforeEach(({ page }) => login(page, DESK_EMAIL, DESK_PASSWORD))

  test('sees no Settings or Users, and their addresses say there is no access', async ({ page }) => {
    await expect(sidebar(page).getByRole('link', { name: 'Bookings' })).toBeVisible()
    await expect(sidebar(page).getByRole('link', { name: 'Settings' })).toHaveCount(0)
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0)

    for (const path of ['/#/settings', '/#/users']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: NO_ACCESS })).toBeVisible()
      await expect(page.getByLabel('Breakfast price')).toHaveCount(0)
      await expect(page.getByLabel('Full name')).toHaveCount(0)
    }
    // The way back, by keyboard.
    await page.getByRole('button', { name: 'Go to the dashboard' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#\/dashboard/)
  })

  test('can neither change cabins nor delete bookings or guests', async ({ page }) => {
    await page.goto('/#/cabins')
    await expect(page.getByText('Only an admin can add, change or delete cabins')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add new cabin' })).toHaveCount(0)
    await expect(page.getByRole('table', { name: 'Cabins' }).locator('tbody tr').first()).toBeVisible()
    await expect(page.getByRole('button', { name: /^Actions for cabin/ })).toHaveCount(0)

    // A checked-out booking is one an admin may delete: the desk's menu and screen offer no Delete.
    await page.goto('/#/bookings?status=checked-out')
    const [id] = await bookingIdsShown(page)
    await page.getByRole('button', { name: `Actions for booking #${id}` }).click()
    await expect(page.getByRole('menuitem', { name: 'See details' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Delete booking' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.goto(`/#/bookings/${id}`)
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete booking' })).toHaveCount(0)

    await page.goto('/#/guests?q=Ana%20Costa')
    await page.getByRole('table', { name: 'Guests' }).getByRole('link').first().click()
    await expect(page.getByRole('button', { name: 'Delete guest' })).toBeDisabled()
  })

  test("a refusal the screen did not foresee shows the database's words", async ({ page }) => {
    // As if the desk's role had been changed after the screen was drawn: the delete reaches the server.
    await page.route('**/rest/v1/rpc/staff_role*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '"admin"' }),
    )
    await page.goto('/#/cabins')
    await page.reload()
    await page
      .getByRole('button', { name: /^Actions for cabin/ })
      .first()
      .click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Only an admin can add, change or delete cabins')).toBeVisible()
  })
})

test('an admin sees Settings and Users', async ({ page }) => {
  await login(page)
  await expect(sidebar(page).getByRole('link', { name: 'Settings' })).toBeVisible()
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible()
  await page.goto('/#/settings')
  await expect(page.getByLabel('Breakfast price')).toBeVisible()
})
