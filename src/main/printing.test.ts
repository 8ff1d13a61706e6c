import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pdfFileName, printPage, savePageAsPdf, type PrintableContents } from './printing'
import type { SaveDialog } from './saveDialog'

const PDF = new TextEncoder().encode('%PDF-1.7 the print view')

/** A window's webContents whose print dialog ends as told. */
function contentsPrinting(success: boolean, failureReason = ''): PrintableContents {
  return {
    print: vi.fn((_options, callback) => callback(success, failureReason)),
    printToPDF: vi.fn(async () => PDF),
  }
}

function dialogChoosing(path: string | null): SaveDialog & ReturnType<typeof vi.fn> {
  return vi.fn(async () =>
    path === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: path },
  )
}

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'innkeeper-printing-'))
})
afterEach(() => rm(folder, { recursive: true, force: true }))

function deps(contents: PrintableContents | null, showSaveDialog: SaveDialog, write = writeFile) {
  return {
    contents: () => contents,
    showSaveDialog,
    writeFile: (path: string, data: Uint8Array) => write(path, data),
    defaultFolder: () => folder,
  }
}

describe('printPage', () => {
  it('opens the system print dialog (not a silent print) with the page’s own backgrounds', async () => {
    const contents = contentsPrinting(true)
    expect(await printPage({ contents: () => contents })).toEqual({ printed: true })
    expect(contents.print).toHaveBeenCalledWith(
      { silent: false, printBackground: true },
      expect.any(Function),
    )
  })

  it('answers null when the user cancels the dialog: nothing failed', async () => {
    expect(await printPage({ contents: () => contentsPrinting(false, 'Print job canceled') })).toBeNull()
  })

  it('says why printing failed', async () => {
    expect(await printPage({ contents: () => contentsPrinting(false, 'Invalid printer settings') })).toEqual({
      error: 'Invalid printer settings',
    })
  })

  it('says so when the window is gone', async () => {
    expect(await printPage({ contents: () => null })).toEqual({ error: 'There is no window to print' })
  })
})

describe('savePageAsPdf', () => {
  it('asks where to save, offering the suggested name in the documents folder, then writes an A4 PDF', async () => {
    const contents = contentsPrinting(true)
    const target = join(folder, 'chosen.pdf')
    const dialog = dialogChoosing(target)
    expect(await savePageAsPdf(deps(contents, dialog), 'Today 2026-11-18')).toEqual({ saved: target })
    expect(dialog).toHaveBeenCalledExactlyOnceWith({
      title: 'Save as PDF',
      defaultPath: join(folder, 'Today 2026-11-18.pdf'),
      buttonLabel: 'Save',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    })
    expect(contents.printToPDF).toHaveBeenCalledWith({
      pageSize: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
    })
    expect(await readFile(target)).toEqual(Buffer.from(PDF))
  })

  it('makes and writes nothing when the save dialog is cancelled', async () => {
    const contents = contentsPrinting(true)
    const write = vi.fn(writeFile)
    expect(await savePageAsPdf(deps(contents, dialogChoosing(null), write), 'Today.pdf')).toBeNull()
    expect(contents.printToPDF).not.toHaveBeenCalled()
    expect(write).not.toHaveBeenCalled()
  })

  it('says where and why a write failed', async () => {
    // A "file" inside a file: nothing can be written there, whoever runs the test (root too).
    await writeFile(join(folder, 'a-file'), '')
    const target = join(folder, 'a-file', 'Today.pdf')
    expect(await savePageAsPdf(deps(contentsPrinting(true), dialogChoosing(target)), 'Today.pdf')).toEqual({
      error: `The PDF could not be saved to ${target} (ENOTDIR)`,
    })
  })

  it('says why the PDF could not be made, and writes nothing', async () => {
    const contents = contentsPrinting(true)
    vi.mocked(contents.printToPDF).mockRejectedValueOnce(new Error('Printing failed'))
    const write = vi.fn(writeFile)
    const target = join(folder, 'Today.pdf')
    expect(await savePageAsPdf(deps(contents, dialogChoosing(target), write), 'Today.pdf')).toEqual({
      error: 'The PDF could not be made (Printing failed)',
    })
    expect(write).not.toHaveBeenCalled()
  })

  it('says so when the window is gone, without a dialog', async () => {
    const dialog = dialogChoosing(join(folder, 'x.pdf'))
    expect(await savePageAsPdf(deps(null, dialog), 'Today.pdf')).toEqual({
      error: 'There is no window to print',
    })
    expect(dialog).not.toHaveBeenCalled()
  })
})

describe('pdfFileName', () => {
  it.each([
    ['Registration card #42', 'Registration card #42.pdf'],
    ['Today 2026-11-18.PDF', 'Today 2026-11-18.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Windows\\evil', 'evil.pdf'],
    ['a<b>c:d"e|f?g*h\u0007', 'abcdefgh.pdf'],
    ['...', 'Innkeeper.pdf'],
    ['.pdf', 'Innkeeper.pdf'],
  ])('%j → %j', (suggested, expected) => {
    expect(pdfFileName(suggested)).toBe(expected)
  })
})
