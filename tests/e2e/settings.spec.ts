import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { expectReadableIn, login, useDisplayMode } from './support/app'

const LABELS = [
  'Minimum nights/booking',
  'Maximum nights/booking',
  'Maximum guests/booking',
  'Breakfast price',
]

async function openSettings(page: Page) {
  await login(page)
  await page.goto('/#/settings')
  await expect(page.getByRole('heading', { name: 'Update hotel settings' })).toBeVisible()
  for (const label of LABELS) await expect(page.getByLabel(label)).not.toHaveValue('')
}

/** Types a value into a setting and leaves the field, which is when it saves. */
async function setField(page: Page, label: string, value: string) {
  const field = page.getByLabel(label)
  await field.fill(value)
  await field.blur()
}

const numberIn = async (page: Page, label: string) => Number(await page.getByLabel(label).inputValue())

test('a changed setting saves when the field is left, and stays saved', async ({ page }) => {
  await openSettings(page)
  const original = await numberIn(page, 'Maximum guests/booking')

  await setField(page, 'Maximum guests/booking', String(original + 1))
  await expect(page.getByText('Setting edited successfully')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Maximum guests/booking')).toHaveValue(String(original + 1))

  // Put it back for every other test.
  await setField(page, 'Maximum guests/booking', String(original))
  await expect(page.getByText('Setting edited successfully').last()).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Maximum guests/booking')).toHaveValue(String(original))
})

test('leaving a field empty or unchanged saves nothing', async ({ page }) => {
  const updates: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/rest/v1/settings'))
      updates.push(request.url())
  })
  await openSettings(page)
  const maxNights = await page.getByLabel('Maximum nights/booking').inputValue()

  await page.getByLabel('Minimum nights/booking').focus()
  await page.getByLabel('Minimum nights/booking').blur()
  await setField(page, 'Maximum nights/booking', '')
  await setField(page, 'Breakfast price', await page.getByLabel('Breakfast price').inputValue())

  await page.reload()
  await expect(page.getByLabel('Maximum nights/booking')).toHaveValue(maxNights)
  expect(updates).toEqual([])
})

test('a value the database refuses is explained and not kept', async ({ page }) => {
  await openSettings(page)
  const minNights = await page.getByLabel('Minimum nights/booking').inputValue()
  const maxNights = await numberIn(page, 'Maximum nights/booking')

  await setField(page, 'Minimum nights/booking', String(maxNights + 1))
  await expect(page.getByText('Settings could not be updated')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Settings could not be updated' })).toContainText(
    'Minimum nights per booking cannot be more than the maximum',
  )
  await expect(page.getByLabel('Minimum nights/booking')).toHaveValue(minNights)
  await page.reload()
  await expect(page.getByLabel('Minimum nights/booking')).toHaveValue(minNights)
})

test('the fields are locked while a setting saves', async ({ page }) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await openSettings(page)
  await page.route('**/rest/v1/settings**', async (route) => {
    if (route.request().method() === 'PATCH') await held
    await route.continue()
  })
  const original = await numberIn(page, 'Maximum guests/booking')

  await setField(page, 'Maximum guests/booking', String(original + 1))
  for (const label of LABELS) await expect(page.getByLabel(label)).toBeDisabled()
  release()
  await expect(page.getByText('Setting edited successfully')).toBeVisible()
  await expect(page.getByLabel('Breakfast price')).toBeEnabled()

  await setField(page, 'Maximum guests/booking', String(original))
  await expect(page.getByText('Setting edited successfully').last()).toBeVisible()
})

test('the web version does not offer to change the backend, which serves it', async ({ page }) => {
  await openSettings(page)
  await expect(page.getByRole('region', { name: 'Backend connection' })).toHaveCount(0)
  await expect(page.getByText('Backend connection')).toHaveCount(0)
})

for (const mode of ['light', 'dark'] as const) {
  test(`the settings look right in ${mode} mode`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await openSettings(page)
    await expectReadableIn(
      page,
      mode,
      page.getByRole('heading', { name: 'Update hotel settings' }),
      page.getByText('Breakfast price', { exact: true }),
      page.getByLabel('Breakfast price'),
    )
  })
}
