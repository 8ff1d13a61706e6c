import { expect, type Page } from '@playwright/test'

export const DEMO_EMAIL = 'demo@innkeeper.local'
export const DEMO_PASSWORD = 'innkeeper-demo'

/** Signs in as the demo receptionist through the login screen and waits for the dashboard. */
export async function login(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/#\/dashboard/)
}

/** Sets the display mode before the app starts, as a returning user's stored choice would. */
export async function useDisplayMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    (isDark) => window.localStorage.setItem('isDarkMode', String(isDark)),
    mode === 'dark',
  )
}

/** Screenshots are test artefacts (test-results/), never committed. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true })
}
