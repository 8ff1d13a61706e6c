import type { Locator, Page } from '@playwright/test'
import { expect, test, useDeskClock } from './support/test'
import { DESK_EMAIL, DESK_PASSWORD, login, waitForOpened } from './support/app'
import { bookingIdsShown } from './support/bookings'
import { createStaffUser, newStaffUser } from './support/staff'

const NO_ACCESS = 'You do not have access to this page'

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })

const staffRow = (page: Page, { fullName }: { fullName: string }) =>
  page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: fullName })

/** By keyboard: the list opens on the current role, the other is one step away. */
async function chooseRole(select: Locator, role: 'Admin' | 'Front desk') {
  await select.focus()
  await select.press('Enter')
  await select.press(role === 'Admin' ? 'ArrowDown' : 'ArrowUp')
  await select.press('Enter')
}

async function staffAction(page: Page, { fullName }: { fullName: string }, action: string) {
  await page.getByRole('button', { name: `Actions for ${fullName}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

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
    // The booking's own buttons, once it is loaded (the "← Back" beside the title shows before it).
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible()
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

test.describe('an admin on the Users screen', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
  })

  test('creates a front-desk user by default, then makes them an admin', async ({ page }) => {
    const user = newStaffUser('Frida')
    await page.goto('/#/users')
    await expect(page.getByRole('radio', { name: 'Front desk' })).toBeChecked()
    await createStaffUser(page, user)
    const role = page.getByRole('combobox', { name: `Role of ${user.fullName}` })
    await expect(role).toBeVisible()
    await expect(staffRow(page, user)).toContainText('Front desk')

    await chooseRole(role, 'Admin')
    await expect(page.getByText('Role changed')).toBeVisible()
    await page.reload()
    await expect(staffRow(page, user)).toContainText('Admin')
  })

  test("the last admin's demotion is refused in the server's words", async ({ page }) => {
    await page.goto('/#/users')
    await page.route('**/rest/v1/rpc/set_staff_role*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '23514',
          message: 'Innkeeper needs at least one admin: make someone else an admin first',
          details: null,
          hint: null,
        }),
      }),
    )
    await chooseRole(page.getByRole('combobox', { name: 'Role of Demo Receptionist' }), 'Front desk')
    await expect(page.getByText('The role could not be changed')).toBeVisible()
    await expect(page.getByText('Innkeeper needs at least one admin')).toBeVisible()
    await expect(staffRow(page, { fullName: 'Demo Receptionist' })).toContainText('Admin')
  })

  test('sets a new password for someone, and removes their access: their open session ends at once', async ({
    page,
    browser,
  }) => {
    // Two browsers and two password hashes on a shared machine.
    test.setTimeout(60_000)
    const user = newStaffUser('Gus')
    await page.goto('/#/users')
    await createStaffUser(page, user)

    await staffAction(page, user, 'Set a new password')
    const dialog = page.getByRole('dialog', { name: `New password for ${user.fullName}` })
    await waitForOpened(dialog)
    await dialog.getByLabel('Password (min 8 characters)').fill('short')
    await dialog.getByLabel('Confirm password').fill('different')
    await dialog.getByRole('button', { name: 'Set password' }).click()
    await expect(dialog.getByText('Password needs a minimum of 8 characters')).toBeVisible()
    await expect(dialog.getByText('Passwords need to match')).toBeVisible()
    const newPassword = `${user.password}-new`
    await dialog.getByLabel('Password (min 8 characters)').fill(newPassword)
    await dialog.getByLabel('Confirm password').fill(newPassword)
    await dialog.getByLabel('Confirm password').press('Enter')
    await expect(page.getByText('New password set')).toBeVisible()
    await expect(dialog).toBeHidden()

    // Their own browser, signed in with the new password.
    const theirs = await browser.newContext()
    await useDeskClock(theirs)
    const theirPage = await theirs.newPage()
    await login(theirPage, user.email, newPassword)
    await expect(theirPage.getByRole('banner').getByText(user.fullName)).toBeVisible()

    await staffAction(page, user, 'Remove staff access')
    const confirm = page.getByRole('dialog', { name: 'Remove staff access' })
    await expect(confirm).toContainText(user.fullName)
    await expect(confirm).toContainText(user.email)
    await confirm.getByRole('button', { name: 'Remove access' }).click()
    await expect(page.getByText('Staff access removed')).toBeVisible()
    await expect(staffRow(page, user)).toHaveCount(0)

    // Their session is refused at once: the next screen they open sends them to the login.
    await theirPage.goto('/#/bookings')
    await theirPage.reload()
    await expect(theirPage).toHaveURL(/#\/login/)
    await theirs.close()
  })
})
