import { expect, test } from './support/test'
import { DEMO_EMAIL, DEMO_PASSWORD, login } from './support/app'
import { logout } from './support/staff'

test('the demo receptionist logs in and lands on the dashboard, replacing the login in history', async ({
  page,
}) => {
  await login(page)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('banner').getByText('Demo Receptionist')).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('img', { name: 'Avatar of Demo Receptionist' }),
  ).toBeVisible()

  await page.goBack()
  await expect(page).not.toHaveURL(/#\/login/)
})

test('a wrong password is refused with the catalogue message', async ({ page }) => {
  await page.goto('/#/login')
  await page.getByLabel('Email address').fill(DEMO_EMAIL)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Provided email or password is incorrect')).toBeVisible()
  await expect(page).toHaveURL(/#\/login$/)
})

test('email and password must both be filled before logging in', async ({ page }) => {
  let tokenRequests = 0
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token')) tokenRequests += 1
  })
  await page.goto('/#/login')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(2)

  await page.getByLabel('Email address').fill(DEMO_EMAIL)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(1)
  expect(tokenRequests).toBe(0)
})

test('the login shows a spinner and locks the form while it signs in', async ({ page }) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/auth/v1/token**', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/#/login')
  await page.getByLabel('Email address').fill(DEMO_EMAIL)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()

  await expect(page.locator('.ant-btn-loading')).toBeVisible()
  await expect(page.getByLabel('Email address')).toBeDisabled()
  release()
  await expect(page).toHaveURL(/#\/dashboard/)
})

test('logging out clears the session and protected screens send back to the login', async ({ page }) => {
  await login(page)
  await page.goto('/#/settings')
  await expect(page.getByRole('heading', { name: 'Update hotel settings' })).toBeVisible()
  await logout(page)
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible()

  await page.goto('/#/settings')
  await expect(page).toHaveURL(/#\/login$/)
})

test('a session survives a reload', async ({ page }) => {
  await login(page)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('banner').getByText('Demo Receptionist')).toBeVisible()
})
