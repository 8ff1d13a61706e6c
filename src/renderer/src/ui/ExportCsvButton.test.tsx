import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PlatformContext } from '../app/PlatformContext'
import type { CsvSink, Platform } from '../platform/types'
import { ExportCsvButton, type CsvExport } from './ExportCsvButton'

interface Row {
  id: number
}

const PAGES = 40
const PAGE_MS = 10

/** Forty pages of ten rows, each arriving PAGE_MS after the one before (a long export, shortened). */
async function* slowPages(): AsyncGenerator<Row[]> {
  for (let page = 0; page < PAGES; page++) {
    await new Promise((resolve) => setTimeout(resolve, PAGE_MS))
    yield Array.from({ length: 10 }, (_, i) => ({ id: page * 10 + i + 1 }))
  }
}

function renderButton(sink: CsvSink) {
  const platform: Platform = {
    kind: 'web',
    loadBackendConfig: vi.fn(),
    sessionStorageFor: vi.fn(),
    pickImage: vi.fn(),
    printing: { print: vi.fn() },
    saveCsv: vi.fn(async () => sink),
  }
  const job = (): CsvExport<Row> => ({
    fileName: 'bookings.csv',
    columns: [{ header: 'Booking', value: (row) => row.id }],
    pages: () => slowPages(),
    total: async () => PAGES * 10,
    unit: 'booking',
    failure: 'Bookings could not be exported',
  })
  render(
    <PlatformContext.Provider value={platform}>
      <ExportCsvButton prepare={job} />
      <Toaster />
    </PlatformContext.Provider>,
  )
}

describe('ExportCsvButton', () => {
  afterEach(() => {
    toast.remove()
    vi.restoreAllMocks()
  })

  it('draws the progress a few times a second, not once per page', async () => {
    const loading = vi.spyOn(toast, 'loading')
    const sink = { write: vi.fn(async () => {}), close: vi.fn(async () => {}), abort: vi.fn(async () => {}) }
    renderButton(sink)
    const started = performance.now()
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }))
    await screen.findByText('400 bookings exported to bookings.csv', {}, { timeout: 5000 })
    const elapsed = performance.now() - started
    expect(sink.write).toHaveBeenCalledTimes(PAGES + 1)
    // The first notification, the total once known, then at most one every 250 ms (not one per page).
    expect(loading.mock.calls.length).toBeGreaterThanOrEqual(2)
    expect(loading.mock.calls.length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / 250))
    expect(loading.mock.calls.length).toBeLessThan(PAGES)
  })
})
