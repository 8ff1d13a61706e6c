import { expect, type Page } from '@playwright/test'

export interface StaffUser {
  fullName: string
  email: string
  password: string
}

/** A staff member no other test knows about, so each test owns its account. */
export function newStaffUser(name: string): StaffUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return {
    fullName: `${name} ${id}`,
    email: `${name.toLowerCase().replace(/\W+/g, '-')}-${id}@innkeeper.local`,
    password: `pw-${id}-secret`,
  }
}

/** Creates the user through the Users screen, as the signed-in staff member. */
export async function createStaffUser(page: Page, user: StaffUser): Promise<void> {
  await page.goto('/#/users')
  await page.getByLabel('Full name').fill(user.fullName)
  await page.getByLabel('Email address').fill(user.email)
  await page.getByLabel('Password (min 8 characters)').fill(user.password)
  await page.getByLabel('Repeat password').fill(user.password)
  await page.getByRole('button', { name: 'Create new user' }).click()
  await expect(
    page.getByText(
      "Account successfully created! Please verify the new account from the user's email address",
    ),
  ).toBeVisible()
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/#\/login$/)
}
