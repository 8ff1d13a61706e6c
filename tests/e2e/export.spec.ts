import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { staffApi } from './support/api'
import { login } from './support/app'
import { DESK_TODAY } from './support/deskDay'
import { holdReads, restError } from './support/network'

test.beforeEach(async ({ page }) => {
  await login(page)
})

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    record.push(field)
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (char === '"') {
      quoted = !quoted
    } else if (!quoted && char === ',') {
      endField()
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      endField()
      records.push(record)
      record = []
      i++
    } else {
      field += char
    }
  }
  return records
}

/** Web mode without the File System Access API (Firefox, Safari): the export comes as a download. */
async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)
  // The signed-in page was loaded before: it takes the script from its next load.
  await page.reload()
}

/**
 * Chromium's save picker answered by a file kept in the page: what was written, and whether the file
 * was completed (close) or discarded (abort).
 */
async function withSavePickerInPage(page: Page) {
  await page.addInitScript(() => {
    const saved = {
      name: '',
      chunks: [] as string[],
      state: 'none' as 'none' | 'open' | 'closed' | 'aborted',
    }
    Object.assign(window, {
      savedCsv: saved,
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => {
        saved.name = suggestedName
        return {
          createWritable: async () => {
            saved.state = 'open'
            return {
              write: async (chunk: string) => void saved.chunks.push(chunk),
              close: async () => void (saved.state = 'closed'),
              abort: async () => void (saved.state = 'aborted'),
            }
          },
        }
      },
    })
  })
  await page.reload()
  return () =>
    page.evaluate(
      () => (window as unknown as { savedCsv: { name: string; chunks: string[]; state: string } }).savedCsv,
    )
}

/** The export's requests: pages of a thousand bookings or of a hundred guests, never the list's ten. */
const isBookingsExportPage = (url: URL) =>
  url.pathname === '/rest/v1/bookings' && url.searchParams.get('limit') === '1000'

interface ApiBooking {
  id: number
  startDate: string
  endDate: string
  totalPrice: number
  isPaid: boolean
  cabins: { name: string }
  guests: { fullName: string; email: string | null }
}

test('"Export CSV" downloads every booking of the filter in the list’s order, reachable by keyboard', async ({
  page,
}) => {
  await withoutSavePicker(page)
  const api = await staffApi(page)
  await page.goto('/#/bookings?status=checked-out&sortBy=totalPrice-asc')
  await expect(page.getByRole('table', { name: 'Bookings' })).toBeVisible()

  // From the heading, Tab reaches the button; Enter presses it.
  await page.getByRole('heading', { level: 1, name: 'All bookings' }).focus()
  const button = page.getByRole('button', { name: 'Export CSV' })
  for (let i = 0; i < 5 && !(await button.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  const downloading = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const download = await downloading

  expect(download.suggestedFilename()).toBe(`bookings-checked-out-${DESK_TODAY}.csv`)
  const bytes = await readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [header, ...records] = parseCsv(bytes.toString('utf8').slice(1))
  expect(header).toEqual([
    'Booking',
    'Booked on',
    'Cabin',
    'Guest',
    'Email',
    'Nationality',
    'Arrival',
    'Departure',
    'Nights',
    'Guests',
    'Status',
    'Breakfast',
    'Paid',
    'Cabin price',
    'Extras',
    'Total',
    'Observations',
  ])

  const expected = await api.select<ApiBooking>(
    'bookings?select=id,startDate,endDate,totalPrice,isPaid,cabins(name),guests(fullName,email)&status=eq.checked-out&order=totalPrice.asc,id.asc',
  )
  expect(expected.length).toBeGreaterThan(10)
  expect(records.map((r) => [r[0], r[2], r[3], r[4], r[6], r[7], r[10], r[12], r[15]])).toEqual(
    expected.map((b) => [
      String(b.id),
      b.cabins.name,
      b.guests.fullName,
      b.guests.email ?? '',
      b.startDate,
      b.endDate,
      'Checked out',
      b.isPaid ? 'Yes' : 'No',
      String(b.totalPrice),
    ]),
  )
  await expect(
    page.getByText(`${expected.length} bookings exported to bookings-checked-out-${DESK_TODAY}.csv`),
  ).toBeVisible()
})

test('"Export CSV" saves every guest of a search, in the directory’s order, through the browser’s save picker', async ({
  page,
}) => {
  const saved = await withSavePickerInPage(page)
  const api = await staffApi(page)
  await page.goto('/#/guests?q=an&sortBy=fullName-desc')
  await expect(page.getByRole('table', { name: 'Guests' })).toBeVisible()
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText(/guests exported to guests-/)).toBeVisible()

  const file = await saved()
  expect(file.name).toBe(`guests-${DESK_TODAY}.csv`)
  expect(file.state).toBe('closed')
  const text = file.chunks.join('')
  expect(text.startsWith('\uFEFFGuest,Email,Nationality,National ID,Stays,Last stay,Added on\r\n')).toBe(true)
  const [, ...records] = parseCsv(text.slice(1))

  const expected: Array<{
    fullName: string
    email: string | null
    numStays: number
    lastStay: string | null
  }> = []
  for (let offset = 0; ; offset += 100) {
    const page = await api.rpc<typeof expected>('guest_directory', {
      p_search: 'an',
      p_sort: 'fullName-desc',
      p_offset: offset,
      p_limit: 100,
    })
    expected.push(...page)
    if (page.length < 100) break
  }
  expect(expected.length).toBeGreaterThan(1)
  expect(records.map((r) => [r[0], r[1], r[4], r[5]])).toEqual(
    expected.map((g) => [g.fullName, g.email ?? '', String(g.numStays), g.lastStay ?? '']),
  )
})

test('a page that fails to load stops the export with the reason, and no file is saved', async ({ page }) => {
  const saved = await withSavePickerInPage(page)
  await page.route(
    (url) => isBookingsExportPage(url),
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify(restError('canceling statement due to statement timeout')),
      }),
  )
  await page.goto('/#/bookings')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText('Bookings could not be exported')).toBeVisible()
  await expect(page.getByText('canceling statement due to statement timeout')).toBeVisible()
  expect((await saved()).state).toBe('aborted')
  // The list itself still works, and the button is back.
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
})

test('a long export shows its progress and can be cancelled, leaving no file', async ({ page }) => {
  const saved = await withSavePickerInPage(page)
  const held = await holdReads(page, isBookingsExportPage)
  await page.goto('/#/bookings')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText(/Exporting bookings… 0 of \d+/)).toBeVisible()
  const cancel = page.getByRole('button', { name: 'Cancel export' })
  await expect(cancel).toBeFocused()
  await page.keyboard.press('Enter')
  held.release()
  await expect(page.getByText('Export cancelled: no file was saved')).toBeVisible()
  expect((await saved()).state).toBe('aborted')
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
})
