import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { DEMO_EMAIL, DEMO_PASSWORD, login, useDisplayMode } from './support/app'
import { bookingIdsShown } from './support/bookings'

/** What holds the keyboard focus, described for a failure message. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'nothing (the page)'
    return `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}"`
  })
}

test('the first tab stop is "Skip to main content", and it moves the focus to the main landmark', async ({
  page,
}) => {
  await login(page)
  await page.goto('/#/bookings')
  await expect(page.getByRole('heading', { level: 1, name: 'All bookings' })).toBeVisible()
  // A screen opened afresh: the keyboard starts at the top of the document.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'All bookings' })).toBeVisible()
  await page.keyboard.press('Tab')
  const skipLink = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skipLink).toBeFocused()
  await expect(skipLink).toBeInViewport()

  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await expect(page).toHaveURL(/#\/bookings$/)
  // The next stop is the screen's first control, past the navigation and the header: its actions
  // beside the title ("Export CSV", then the main one), then the filter.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'New booking' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(
    page.getByRole('radiogroup', { name: 'Filter bookings by status' }).getByRole('radio', { name: 'All' }),
  ).toBeFocused()
})

test("after logging in, the focus is on the dashboard's heading", async ({ page }) => {
  await page.goto('/#/login')
  await page.getByLabel('Email address').fill(DEMO_EMAIL)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByLabel('Password').press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused()
})

test('every screen names itself in the window title', async ({ page }) => {
  await page.goto('/#/login')
  await expect(page).toHaveTitle('Log in · Innkeeper')
  await page.goto('/#/no-such-page')
  await expect(page).toHaveTitle('Page not found · Innkeeper')

  await login(page)
  await expect(page).toHaveTitle('Dashboard · Innkeeper')
  const screens = [
    ['/bookings', 'Bookings'],
    ['/calendar', 'Calendar'],
    ['/bookings/1', 'Booking #1'],
    ['/checkin/1', 'Check in booking #1'],
    ['/cabins', 'Cabins'],
    ['/users', 'Users'],
    ['/settings', 'Settings'],
    ['/account', 'Account'],
  ] as const
  for (const [path, title] of screens) {
    await page.goto(`/#${path}`)
    await expect(page).toHaveTitle(`${title} · Innkeeper`)
  }
})

test('a row menu opens from the keyboard, the arrow keys move between its items, Escape gives the focus back', async ({
  page,
}) => {
  await login(page)
  await page.goto('/#/bookings?status=checked-out')
  const [id] = await bookingIdsShown(page)
  const trigger = page.getByRole('button', { name: `Actions for booking #${id}` })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  const details = menu.getByRole('menuitem', { name: 'See details' })
  const remove = menu.getByRole('menuitem', { name: 'Delete booking' })
  await expect(details).toBeFocused()

  await page.keyboard.press('ArrowDown')
  await expect(remove).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(details).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  // Enter on an item does what a click does.
  await page.keyboard.press('Enter')
  await expect(details).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(remove).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Delete booking' })).toBeVisible()
})

/** Tabs forward and backward more times than the dialog has controls; the focus never leaves it. */
async function expectFocusKeptIn(page: Page, dialog: Locator, stops: number): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < stops; press++) {
      await page.keyboard.press(key)
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement))
      expect(inside, `after ${press + 1} × ${key}, the focus is on ${await focusedElement(page)}`).toBe(true)
    }
  }
}

test('Tab stays inside an open dialog: the cabin form and the delete confirmation', async ({ page }) => {
  await login(page)
  await page.goto('/#/cabins')
  await page.getByRole('button', { name: 'Add new cabin' }).click()
  const form = page.getByRole('dialog', { name: 'Add new cabin' })
  await expect(form.getByLabel('Cabin name')).toBeVisible()
  // Name, capacity, price, discount, description, image, close, cancel, create: more than once round.
  await expectFocusKeptIn(page, form, 14)
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()

  await page.getByRole('button', { name: 'Actions for cabin 001', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirmation = page.getByRole('dialog', { name: 'Delete cabin' })
  await expect(confirmation).toBeVisible()
  await expectFocusKeptIn(page, confirmation, 5)
})

/** WCAG contrast of the focused element's outline against the page behind it (1 … 21). */
function focusRingContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((value) => {
        const v = value / 255
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
    }
    const focused = document.activeElement as HTMLElement
    const style = getComputedStyle(focused)
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return 1
    // The ring is drawn outside the element: what is behind it is its parent's background.
    let backdrop = [255, 255, 255]
    for (let node = focused.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor
      const alpha = background.startsWith('rgba')
        ? Number(rgb(background.replace(/^rgba/, 'rgb') + ')')[3] ?? 1)
        : 1
      if (background !== 'rgba(0, 0, 0, 0)' && alpha !== 0) {
        backdrop = rgb(background)
        break
      }
    }
    const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(backdrop)].sort((a, b) => b - a)
    return (light + 0.05) / (dark + 0.05)
  })
}

for (const mode of ['light', 'dark'] as const) {
  test(`the focus ring stands out at 3:1 or more in ${mode} mode`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await page.goto('/#/login')
    // From the password field past its "show" toggle: the keyboard brings the ring, not a click.
    await page.getByLabel('Password').focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Login' })).toBeFocused()
    expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3)
  })
}

test("a failed login's message does not follow into the dashboard after a successful retry", async ({
  page,
}) => {
  await page.goto('/#/login')
  await page.getByLabel('Email address').fill(DEMO_EMAIL)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByLabel('Password').press('Enter')
  const failure = page.getByText('Provided email or password is incorrect')
  await expect(failure).toBeVisible()

  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByLabel('Password').press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  // Gone at once (its fade-out aside), well before its own five seconds are over.
  await expect(failure).toHaveCount(0, { timeout: 2500 })
})

test('a "not found" message stays with its screen', async ({ page }) => {
  await login(page)
  await page.goto('/#/bookings/999999')
  const notFound = page.getByRole('status').filter({ hasText: 'Booking not found' })
  await expect(notFound).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cabins' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'All cabins' })).toBeVisible()
  await expect(notFound).toHaveCount(0, { timeout: 2500 })
})

test('"Go back" on the not-found page never leaves the app: opened first, it goes to the dashboard', async ({
  page,
}) => {
  // Opened in a new tab: the browser's history has its blank page before the app.
  await page.goto('/#/no-such-page')
  await expect(page.getByText('The page you are looking for could not be found')).toBeVisible()
  await page.getByRole('button', { name: 'Go back' }).click()
  // The dashboard, which sends a visitor without a session on to the login.
  await expect(page).toHaveURL(/#\/login$/)
  await login(page)
  await page.goto('/#/no-such-page')
  await page.getByRole('button', { name: 'Go back' }).click()
  await expect(page).toHaveURL(/#\/dashboard$/)
})
