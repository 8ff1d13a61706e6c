import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { expectReadableIn, login, useDisplayMode } from './support/app'
import { createStaffUser, logout, newStaffUser, type StaffUser } from './support/staff'

// A 4×4 PNG, enough for an avatar.
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFklEQVR4nGNkaPjPAAOMDAwMTAxIAAA4PAKlDDP7rQAAAABJRU5ErkJggg==',
  'base64',
)

// Every test first creates its own staff account and logs in twice, which takes a while.
test.describe.configure({ timeout: 60_000 })

/** Each test works on an account of its own, so the demo receptionist stays as other tests expect. */
async function loginAsNewUser(page: Page, name: string): Promise<StaffUser> {
  const user = newStaffUser(name)
  await login(page)
  await createStaffUser(page, user)
  await logout(page)
  await login(page, user.email, user.password)
  await page.getByRole('button', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { name: 'Update your account' })).toBeVisible()
  return user
}

const userData = (page: Page) => page.getByRole('region', { name: 'Update user data' })
const passwordForm = (page: Page) => page.getByRole('region', { name: 'Update password' })

test('the email is read-only and the full name is required', async ({ page }) => {
  const user = await loginAsNewUser(page, 'Alex')
  await expect(userData(page).getByLabel('Email address')).toHaveValue(user.email)
  await expect(userData(page).getByLabel('Email address')).toBeDisabled()
  await expect(userData(page).getByLabel('Full name')).toHaveValue(user.fullName)

  await userData(page).getByLabel('Full name').fill('')
  await userData(page).getByRole('button', { name: 'Update account' }).click()
  await expect(userData(page).getByText('This field is required')).toBeVisible()

  await userData(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(userData(page).getByLabel('Full name')).toHaveValue(user.fullName)
})

test('a new full name and avatar show in the header', async ({ page }) => {
  await loginAsNewUser(page, 'Sam')
  const newName = `Samantha ${Date.now().toString(36)}`
  await userData(page).getByLabel('Full name').fill(newName)
  const chooser = page.waitForEvent('filechooser')
  await userData(page).getByRole('button', { name: 'Choose image' }).click()
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG })
  await expect(userData(page).getByText('me.png')).toBeVisible()

  await userData(page).getByRole('button', { name: 'Update account' }).click()
  await expect(page.getByText('User account successfully updated')).toBeVisible()
  const header = page.getByRole('banner')
  await expect(header.getByText(newName)).toBeVisible()
  await expect(header.getByRole('img', { name: `Avatar of ${newName}` })).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/avatars\/avatar-[0-9a-f-]+-\w+$/,
  )
  // The uploaded image is served back.
  const src = await header.getByRole('img', { name: `Avatar of ${newName}` }).getAttribute('src')
  expect((await page.request.get(src!)).ok()).toBe(true)

  await page.reload()
  await expect(page.getByRole('banner').getByText(newName)).toBeVisible()
  // The picture is decoded, not just linked.
  const avatar = page.getByRole('banner').getByRole('img', { name: `Avatar of ${newName}` })
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
})

test('the password change asks for the current one, follows the rules and the new password works', async ({
  page,
}) => {
  const user = await loginAsNewUser(page, 'Kim')
  const form = passwordForm(page)
  await form.getByRole('button', { name: 'Update password' }).click()
  await expect(form.getByText('This field is required')).toHaveCount(3)

  await form.getByLabel('Password (min 8 characters)').fill('short')
  await form.getByLabel('Confirm password').fill('different')
  await form.getByRole('button', { name: 'Update password' }).click()
  await expect(form.getByText('Password needs a minimum of 8 characters')).toBeVisible()
  await expect(form.getByText('Passwords need to match')).toBeVisible()

  const newPassword = `${user.password}-changed`
  await form.getByLabel('Current password').fill('not-my-password')
  await form.getByLabel('Password (min 8 characters)').fill(newPassword)
  await form.getByLabel('Confirm password').fill(newPassword)
  await form.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('The current password is not correct')).toBeVisible()

  await form.getByLabel('Current password').fill(user.password)
  await form.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('User account successfully updated')).toBeVisible()
  await expect(form.getByLabel('Password (min 8 characters)')).toHaveValue('')

  await logout(page)
  await login(page, user.email, newPassword)
  await expect(page.getByRole('banner').getByText(user.fullName)).toBeVisible()
})

for (const mode of ['light', 'dark'] as const) {
  test(`the account screen looks right in ${mode} mode`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await loginAsNewUser(page, 'Lee')
    // Away from the header button, so its tooltip is not in the picture.
    await page.mouse.move(600, 400)
    await expect(page.getByRole('tooltip')).toBeHidden()
    await expectReadableIn(
      page,
      mode,
      page.getByRole('heading', { name: 'Update your account' }),
      page.getByText('Email address', { exact: true }),
    )
  })
}
