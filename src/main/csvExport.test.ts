import { mkdtemp, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCsvExports, type ExportFs } from './csvExport'
import type { SaveDialog } from './saveDialog'

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'innkeeper-export-'))
})
afterEach(() => rm(folder, { recursive: true, force: true }))

function dialogChoosing(path: string | null): SaveDialog & ReturnType<typeof vi.fn> {
  return vi.fn(async () => (path === null ? { canceled: true } : { canceled: false, filePath: path }))
}

const realFs: ExportFs = { open: (path) => open(path, 'w'), rename, rm }

/** The disk fills up after `okWrites` chunks. */
function fsFailingAfter(okWrites: number): ExportFs {
  return {
    ...realFs,
    open: async (path) => {
      const file = await open(path, 'w')
      let writes = 0
      return {
        write: async (text: string) => {
          if (++writes > okWrites)
            throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
          return file.write(text)
        },
        close: () => file.close(),
      }
    },
  }
}

describe('CSV export files', () => {
  it('asks where with the native save dialog, proposing the name and .csv files', async () => {
    const dialog = dialogChoosing(null)
    await createCsvExports({ showSaveDialog: dialog, fs: realFs }).open('bookings 2026-11-18.csv')
    expect(dialog).toHaveBeenCalledExactlyOnceWith({
      title: 'Export CSV',
      defaultPath: 'bookings 2026-11-18.csv',
      buttonLabel: 'Export',
      filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }],
    })
  })

  it('writes the chunks in order and gives the file its name only when it is complete', async () => {
    const target = join(folder, 'bookings.csv')
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(target), fs: realFs })
    const opened = await exports.open('bookings.csv')
    if (!opened || !('id' in opened)) throw new Error(`not opened: ${JSON.stringify(opened)}`)

    expect(await exports.write(opened.id, '\uFEFFGuest,Amount\r\n')).toEqual({ ok: true })
    expect(await exports.write(opened.id, 'Zoë 🇵🇹,300\r\n')).toEqual({ ok: true })
    expect(await readdir(folder)).toEqual(['bookings.csv.part'])

    expect(await exports.close(opened.id)).toEqual({ ok: true })
    expect(await readdir(folder)).toEqual(['bookings.csv'])
    expect(await readFile(target, 'utf8')).toBe('\uFEFFGuest,Amount\r\nZoë 🇵🇹,300\r\n')
    // Closed is closed: the id writes nothing more.
    expect(await exports.write(opened.id, 'more')).toEqual({ error: 'This export is no longer open.' })
  })

  it('creates nothing when the dialog is cancelled', async () => {
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(null), fs: realFs })
    expect(await exports.open('guests.csv')).toBeNull()
    expect(await readdir(folder)).toEqual([])
  })

  it('removes the partial file when the export is cancelled, and keeps an older file of that name', async () => {
    const target = join(folder, 'guests.csv')
    await (await open(target, 'w')).close()
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(target), fs: realFs })
    const opened = (await exports.open('guests.csv')) as { id: string }
    await exports.write(opened.id, 'half an export')
    await exports.abort(opened.id)
    expect(await readdir(folder)).toEqual(['guests.csv'])
    expect(await readFile(target, 'utf8')).toBe('')
  })

  it('says the file could not be written when the disk fails, and leaves no partial file', async () => {
    const target = join(folder, 'bookings.csv')
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(target), fs: fsFailingAfter(1) })
    const opened = (await exports.open('bookings.csv')) as { id: string }
    expect(await exports.write(opened.id, 'first\r\n')).toEqual({ ok: true })
    expect(await exports.write(opened.id, 'second\r\n')).toEqual({
      error: 'The file could not be written (ENOSPC).',
    })
    expect(await readdir(folder)).toEqual([])
    expect(await exports.close(opened.id)).toEqual({ error: 'This export is no longer open.' })
  })

  it('says when the chosen folder cannot be written to', async () => {
    const target = join(folder, 'missing folder', 'bookings.csv')
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(target), fs: realFs })
    expect(await exports.open('bookings.csv')).toEqual({
      error: `Innkeeper cannot write to ${target} (ENOENT).`,
    })
  })

  it('refuses an id it never handed out', async () => {
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(null), fs: realFs })
    const id = '6f1c0b1e-2d4a-4e8b-9c3f-0a1b2c3d4e5f'
    expect(await exports.write(id, 'x')).toEqual({ error: 'This export is no longer open.' })
    expect(await exports.close(id)).toEqual({ error: 'This export is no longer open.' })
    await exports.abort(id)
    expect(await readdir(folder)).toEqual([])
  })

  it('removes every partial file when the window goes away mid-export', async () => {
    const exports = createCsvExports({ showSaveDialog: dialogChoosing(join(folder, 'a.csv')), fs: realFs })
    const first = (await exports.open('a.csv')) as { id: string }
    await exports.write(first.id, 'rows')
    await exports.abortAll()
    expect(await readdir(folder)).toEqual([])
  })
})
