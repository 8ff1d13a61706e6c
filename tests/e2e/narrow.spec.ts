import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login } from './support/app'
import { bookingIdsShown } from './support/bookings'

// A laptop beside a card reader: the narrowest window the desk is made for.
test.use({ viewport: { width: 1024, height: 768 } })

const SIDEBAR_CHOICE = 'isSidebarCollapsed'

/** The page scrolls sideways when its content is wider than the window. */
async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}

/**
 * How a cell shows its text: the most lines any one element's text takes (distinct line boxes; a
 * cell may stack several one-line elements) and whether some of it is cut off anywhere inside.
 */
async function textLayout(cell: Locator): Promise<{ text: string; lines: number; isCut: boolean }> {
  return cell.evaluate((element) => {
    const linesOf = new Map<Node, Set<number>>()
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const tops = linesOf.get(node.parentNode!) ?? new Set<number>()
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top))
      linesOf.set(node.parentNode!, tops)
    }
    const boxes = [element, ...Array.from(element.querySelectorAll('*'))]
    return {
      text: element.textContent ?? '',
      lines: Math.max(0, ...[...linesOf.values()].map((tops) => tops.size)),
      isCut: boxes.some((box) => box.scrollWidth > box.clientWidth + 1),
    }
  })
}

async function expectOnOneLineUncut(cells: Locator, what: string): Promise<void> {
  const count = await cells.count()
  expect(count, `${what} to check`).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const { text, lines, isCut } = await textLayout(cells.nth(i))
    if (!text.trim()) continue
    expect(lines, `${what} "${text}" on one line`).toBe(1)
    expect(isCut, `${what} "${text}" shown whole`).toBe(false)
  }
}

async function chooseSidebar(page: Page, state: 'collapsed' | 'expanded'): Promise<void> {
  await page.evaluate(
    ([key, collapsed]) => window.localStorage.setItem(key, collapsed),
    [SIDEBAR_CHOICE, String(state === 'collapsed')],
  )
}

test.beforeEach(async ({ page }) => {
  await login(page)
})

for (const sidebar of ['collapsed', 'expanded'] as const) {
  test(`every screen fits 1024 × 768 without sideways scrolling, sidebar ${sidebar}`, async ({ page }) => {
    await chooseSidebar(page, sidebar)
    await page.goto('/#/bookings?status=unconfirmed')
    const [unconfirmed] = await bookingIdsShown(page)
    await page.goto('/#/guests?q=Ana%20Costa')
    const guest = await page.getByRole('link', { name: 'Ana Costa' }).getAttribute('href')
    const screens: [string, string][] = [
      ['/#/dashboard', 'Dashboard'],
      ['/#/bookings', 'All bookings'],
      ['/#/calendar?from=2026-11-16&days=31', 'Calendar'],
      [`/#/bookings/${unconfirmed}`, `Booking #${unconfirmed}`],
      [`/#/checkin/${unconfirmed}`, `Check in booking #${unconfirmed}`],
      ['/#/bookings/new', 'New booking'],
      [`/#/bookings/${unconfirmed}/edit`, `Change booking #${unconfirmed}`],
      ['/#/guests', 'All guests'],
      [`/${guest}`, 'Ana Costa'],
      ['/#/cabins', 'All cabins'],
      ['/#/settings', 'Update hotel settings'],
      ['/#/users', 'Create a new user'],
      ['/#/account', 'Update your account'],
    ]
    await page.reload()
    for (const [path, heading] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading, exact: false }).first()).toBeVisible()
      await expect(page.getByRole('button', { name: /sidebar$/ })).toHaveAttribute(
        'aria-expanded',
        String(sidebar === 'expanded'),
      )
      expect(await pageScrollsSideways(page), `${path} scrolls sideways`).toBe(false)
    }
  })

  test(`table headers, dates and money stay on one line at 1024 px, sidebar ${sidebar}`, async ({ page }) => {
    await chooseSidebar(page, sidebar)
    await page.goto('/#/bookings')
    await page.reload()
    const bookings = page.getByRole('table')
    await expect(bookings.getByRole('row')).toHaveCount(11)
    await expectOnOneLineUncut(bookings.getByRole('columnheader'), 'Bookings header')
    // Cabin and booking number, the stay and its dates, the status, the amount when there is room for it.
    for (const column of [1, 3, 4, 5])
      await expectOnOneLineUncut(
        bookings.locator(`tbody td:nth-child(${column})`),
        `Bookings column ${column}`,
      )

    await page.goto('/#/cabins')
    const cabins = page.getByRole('table')
    await expect(cabins.getByRole('row').nth(1)).toBeVisible()
    await expectOnOneLineUncut(cabins.getByRole('columnheader'), 'Cabins header')
    for (const column of [2, 3, 4, 5])
      await expectOnOneLineUncut(cabins.locator(`tbody td:nth-child(${column})`), `Cabins column ${column}`)

    await page.goto('/#/guests')
    const guests = page.getByRole('table', { name: 'Guests' })
    await expect(guests.getByRole('row')).toHaveCount(11)
    await expectOnOneLineUncut(guests.getByRole('columnheader'), 'Guests header')
    // Every column shown but the email, which may end in an ellipsis (the guest's page shows it whole).
    const headers = await guests.getByRole('columnheader').allTextContents()
    for (const [index, header] of headers.entries())
      if (header !== 'Email')
        await expectOnOneLineUncut(guests.locator(`tbody td:nth-child(${index + 1})`), `Guests ${header}`)
  })
}

test('the calendar fits 1024 px: 14 days whole, 31 days scrolled inside it with the cabins in sight', async ({
  page,
}) => {
  const grid = page.getByRole('grid', { name: 'Calendar' })
  const scroller = page.locator('[data-calendar-scroll]')
  await page.goto('/#/calendar?from=2026-11-16&days=14')
  await expect(grid).toHaveAttribute('aria-busy', 'false')
  expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  await expectOnOneLineUncut(grid.getByRole('columnheader'), 'Calendar day')
  await expectOnOneLineUncut(grid.getByRole('rowheader'), 'Calendar cabin')

  await page.goto('/#/calendar?from=2026-11-16&days=31')
  await expect(grid.getByRole('columnheader')).toHaveCount(32)
  expect(await pageScrollsSideways(page)).toBe(false)
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  // The cabins' column stays at the left edge of the calendar while its days scroll by.
  const cabin = grid.getByRole('rowheader').nth(1)
  const scrollerBox = (await scroller.boundingBox())!
  await expect
    .poll(async () => Math.round((await cabin.boundingBox())!.x - scrollerBox.x))
    .toBeLessThanOrEqual(1)
  await expect(grid.getByRole('columnheader', { name: /Wed\s*16/ })).toBeInViewport()
})

test('the sidebar folds to icons with names, and the choice outlives a reload', async ({ page }) => {
  const toggle = page.getByRole('button', { name: /sidebar$/ })
  const nav = page.getByRole('navigation', { name: 'Main' })
  const bookingsLink = nav.getByRole('link', { name: 'Bookings' })

  // No choice yet: a 1024 px window starts folded, a wide one unfolded.
  await expect(toggle).toHaveAccessibleName('Expand sidebar')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  expect((await nav.boundingBox())!.width).toBeLessThan(80)
  // Folded, a link keeps its name and shows it as a tooltip on keyboard focus.
  await bookingsLink.focus()
  await expect(page.getByRole('tooltip', { name: 'Bookings' })).toBeVisible()
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  // Unfolded from the keyboard, it stays so after a reload and in a narrow window.
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAccessibleName('Collapse sidebar')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByText('Bookings', { exact: true })).toBeVisible()
  expect((await nav.boundingBox())!.width).toBeGreaterThan(150)
  await page.reload()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.getByText('Bookings', { exact: true })).toBeVisible()

  // Folded by a click, it stays folded after a reload, even in a wide window.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.reload()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await bookingsLink.click()
  await expect(page).toHaveURL(/#\/bookings$/)
})
