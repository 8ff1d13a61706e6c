import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { DEMO_EMAIL, expectReadableIn, login, useDisplayMode } from './support/app'
import { createStaffUser, logout, newStaffUser } from './support/staff'

async function openUsers(page: Page) {
  await login(page)
  await page.goto('/#/users')
  await expect(page.getByRole('heading', { name: 'Create a new user' })).toBeVisible()
}

const submit = (page: Page) => page.getByRole('button', { name: 'Create new user' }).click()

test('every field is required', async ({ page }) => {
  await openUsers(page)
  await submit(page)
  await expect(page.getByText('This field is required')).toHaveCount(4)
})

test("the form explains each invalid value in the spec's words", async ({ page }) => {
  await openUsers(page)
  await page.getByLabel('Full name').fill('Dana Desk')
  await page.getByLabel('Email address').fill('dana at innkeeper')
  await page.getByLabel('Password (min 8 characters)').fill('short')
  await page.getByLabel('Repeat password').fill('shorter')
  await submit(page)
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()
  await expect(page.getByText('Passwords do not match')).toBeVisible()

  await page.getByLabel('Password (min 8 characters)').fill('long enough')
  await page.getByLabel('Repeat password').fill('long enough')
  await expect(page.getByText('Password must be at least 8 characters long')).toHaveCount(0)
  await expect(page.getByText('Passwords do not match')).toHaveCount(0)
})

test('creating a user keeps the session, and the new user can log in as staff', async ({ page }) => {
  const user = newStaffUser('Robin')
  await openUsers(page)
  await createStaffUser(page, user)

  // Still the receptionist who created the account, and the form is ready for the next one.
  await expect(page.getByRole('banner').getByText('Demo Receptionist')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('')
  await expect(page.getByLabel('Email address')).toHaveValue('')
  await page.goto('/#/settings')
  await expect(page.getByLabel('Breakfast price')).not.toHaveValue('')

  await logout(page)
  await login(page, user.email, user.password)
  await expect(page.getByRole('banner').getByText(user.fullName)).toBeVisible()
  // Staff rights come with the account (front desk by default): the new user sees the business data.
  await page.goto('/#/cabins')
  await expect(page.getByRole('table', { name: 'Cabins' }).locator('tbody tr').first()).toBeVisible()
})

test('a sign-up the server refuses is explained in the form', async ({ page }) => {
  await openUsers(page)
  await page.getByLabel('Full name').fill('Someone Else')
  await page.getByLabel('Email address').fill(DEMO_EMAIL)
  await page.getByLabel('Password (min 8 characters)').fill('another-password')
  await page.getByLabel('Repeat password').fill('another-password')
  await submit(page)
  await expect(page.getByRole('alert').filter({ hasText: 'The user could not be created' })).toBeVisible()
  await expect(page.getByRole('banner').getByText('Demo Receptionist')).toBeVisible()
})

for (const mode of ['light', 'dark'] as const) {
  test(`the users screen looks right in ${mode} mode`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await openUsers(page)
    await expectReadableIn(
      page,
      mode,
      page.getByRole('heading', { name: 'Create a new user' }),
      page.getByText('Full name', { exact: true }),
    )
    await submit(page)
    await expect(page.getByText('This field is required')).toHaveCount(4)
    await expectReadableIn(page, mode, page.getByText('This field is required').first())
  })
}
