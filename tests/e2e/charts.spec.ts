import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { login, useDisplayMode } from './support/app'
import { axeViolations } from './support/axe'

/** A dashboard answer with known figures: three stay buckets and three days of sales. */
const answer = {
  ...JSON.parse(readFileSync(new URL('./fixtures/dashboard-7-days.json', import.meta.url), 'utf8')),
  stayDurations: [
    { duration: '3 nights', value: 1 },
    { duration: '4-5 nights', value: 2 },
    { duration: '6-7 nights', value: 3 },
  ],
  salesByDay: [
    { date: '2026-11-12', totalSales: 0, extrasSales: 0 },
    { date: '2026-11-13', totalSales: 1775, extrasSales: 75 },
    { date: '2026-11-14', totalSales: 0, extrasSales: 0 },
    { date: '2026-11-15', totalSales: 9100, extrasSales: 0 },
    { date: '2026-11-16', totalSales: 0, extrasSales: 0 },
    { date: '2026-11-17', totalSales: 3600, extrasSales: 240 },
    { date: '2026-11-18', totalSales: 0, extrasSales: 0 },
  ],
}

async function openDashboard(page: Page) {
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.route('**/rest/v1/rpc/get_dashboard', (route) => route.fulfill({ json: answer }))
  await login(page)
}

const durations = (page: Page) => page.getByRole('region', { name: 'Stay duration summary' })
const sales = (page: Page) => page.getByRole('region', { name: /^Sales from/ })

test("the stay durations show each bucket's stays and share without hovering", async ({ page }) => {
  await openDashboard(page)
  const key = durations(page).getByRole('table', { name: 'Stays by duration' })
  await expect(key).toBeVisible()
  await expect(key.getByRole('row')).toHaveText([
    'Stay durationStaysShare',
    '3 nights117%',
    '4-5 nights233%',
    '6-7 nights350%',
  ])
  // Below today's list at 1024 px: scrolled to, every row reads whole, no pointer needed.
  await key.scrollIntoViewIfNeeded()
  for (const row of await key.getByRole('row').all()) await expect(row).toBeInViewport({ ratio: 1 })
  // The donut is drawn for the eye only; the key is what a screen reader reads.
  await expect(durations(page).locator('[aria-hidden="true"] canvas')).toHaveCount(1)
})

test('the sales chart says how sales are counted and reads as a table of days', async ({ page }) => {
  await openDashboard(page)
  await expect(sales(page).getByText('Sales are counted on the day a booking was made.')).toBeVisible()
  await expect(sales(page).locator('[aria-hidden="true"] canvas')).toHaveCount(1)
  const table = sales(page).getByRole('table', { name: 'Sales by day' })
  await expect(table.getByRole('row')).toHaveCount(1 + 7)
  await expect(table.getByRole('row', { name: 'Sun, Nov 15' })).toHaveText('Sun, Nov 15$9,100.00$0.00')
  await expect(table.getByRole('row', { name: 'Tue, Nov 17' })).toHaveText('Tue, Nov 17$3,600.00$240.00')
})

test("the sales tooltip is written in the page's font", async ({ page }) => {
  await openDashboard(page)
  const canvas = sales(page).locator('canvas')
  await canvas.scrollIntoViewIfNeeded()
  const box = await canvas.boundingBox()
  if (!box) throw new Error('the sales chart has no size')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const tooltip = sales(page).locator('.g2-tooltip')
  await expect(tooltip).toBeVisible()
  const pageFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
  expect(pageFont).toContain('Poppins')
  await expect(tooltip).toHaveCSS('font-family', pageFont)
})

for (const mode of ['light', 'dark'] as const) {
  test(`the charts pass the accessibility check in ${mode} mode`, async ({ page }) => {
    await useDisplayMode(page, mode)
    await openDashboard(page)
    await expect(durations(page).getByRole('table')).toBeVisible()
    await expect(sales(page).locator('canvas')).toBeVisible()
    expect(await axeViolations(page, { include: 'section:has(table)' })).toEqual([])
  })
}

test('charts whose code could not be loaded say so in their places and load again on Try again', async ({
  page,
}) => {
  let chunkFails = true
  await page.route('**/assets/DashboardCharts-*.js', (route) =>
    chunkFails ? route.abort('connectionreset') : route.fallback(),
  )
  await openDashboard(page)
  const failedSales = sales(page).getByRole('heading', { name: 'The sales chart could not be drawn' })
  await expect(failedSales).toBeVisible()
  await expect(
    durations(page).getByRole('heading', { name: 'The stay duration chart could not be drawn' }),
  ).toBeVisible()
  // The rest of the dashboard stays: the figures and today's list.
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible()

  chunkFails = false
  await sales(page).getByRole('button', { name: 'Try again' }).click()
  await expect(sales(page).getByText('Sales are counted on the day a booking was made.')).toBeVisible()
  await expect(failedSales).toBeHidden()
})

test("the demo's sales are spread over the days of the period, as a real business's are", async ({
  page,
}) => {
  await login(page)
  await page.goto('/#/dashboard?last=30')
  const table = sales(page).getByRole('table', { name: 'Sales by day' })
  await expect(table.locator('tbody tr')).toHaveCount(30)
  const totals = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Number(row.querySelector('td')!.textContent!.replace(/[$,]/g, ''))),
    )
  const sum = totals.reduce((total, day) => total + day, 0)
  // Bookings made over the weeks before their stays: many days sell, none holds the month.
  expect(totals.filter((day) => day > 0).length).toBeGreaterThanOrEqual(10)
  expect(Math.max(...totals)).toBeLessThanOrEqual(sum * 0.2)
})
