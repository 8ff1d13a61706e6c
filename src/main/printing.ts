import { basename, join } from 'node:path'
import type { PdfSaveResult, PrintResult } from '../shared/ipc'
import type { SaveDialog } from './saveDialog'

/** The part of a window's webContents that prints; a fake in tests. */
export interface PrintableContents {
  print(
    options: { silent: boolean; printBackground: boolean },
    callback: (success: boolean, failureReason: string) => void,
  ): void
  printToPDF(options: {
    pageSize: 'A4'
    printBackground: boolean
    preferCSSPageSize: boolean
  }): Promise<Uint8Array>
}

export interface PrintingDeps {
  /** The window showing the print view; null when there is none (closed meanwhile). */
  contents(): PrintableContents | null
  showSaveDialog: SaveDialog
  writeFile(path: string, data: Uint8Array): Promise<void>
  /** Where the save dialog starts (the user's documents folder). */
  defaultFolder(): string
}

const NO_WINDOW = 'There is no window to print'

/** Chromium's word for a print dialog the user closed without printing. */
const CANCELLED = /cancel/i

/**
 * The system print dialog for the page on screen (a print view: its own @media print styles make the
 * paper). The user cancelling is not a failure: the desk simply did not print.
 */
export function printPage(deps: Pick<PrintingDeps, 'contents'>): Promise<PrintResult> {
  const contents = deps.contents()
  if (!contents) return Promise.resolve({ error: NO_WINDOW })
  return new Promise((resolve) => {
    contents.print({ silent: false, printBackground: true }, (success, failureReason) => {
      if (success) resolve({ printed: true })
      else if (CANCELLED.test(failureReason)) resolve(null)
      else resolve({ error: failureReason || 'The page could not be printed' })
    })
  })
}

/**
 * "Save as PDF": the page on screen as an A4 PDF (the print view's @page size wins), saved where the
 * user chooses. Main writes the file, so the renderer never gets file-system access.
 */
export async function savePageAsPdf(deps: PrintingDeps, suggestedName: string): Promise<PdfSaveResult> {
  const contents = deps.contents()
  if (!contents) return { error: NO_WINDOW }
  const choice = await deps.showSaveDialog({
    title: 'Save as PDF',
    defaultPath: join(deps.defaultFolder(), pdfFileName(suggestedName)),
    buttonLabel: 'Save',
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  })
  if (choice.canceled || !choice.filePath) return null

  let pdf: Uint8Array
  try {
    pdf = await contents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true })
  } catch (error) {
    return { error: `The PDF could not be made (${reason(error)})` }
  }
  try {
    await deps.writeFile(choice.filePath, pdf)
  } catch (error) {
    return { error: `The PDF could not be saved to ${choice.filePath} (${reason(error)})` }
  }
  return { saved: choice.filePath }
}

/**
 * The name the save dialog proposes: the renderer's suggestion, reduced to a plain file name (no
 * folders, nothing a file system refuses) and ending in .pdf.
 */
export function pdfFileName(suggested: string): string {
  const plain = basename(suggested.replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f<>:"/\\|?*]/g, '')
    .trim()
  const name = plain.replace(/\.pdf$/i, '').replace(/^\.+/, '') || 'Innkeeper'
  return `${name}.pdf`
}

function reason(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code === 'string') return code
  return error instanceof Error ? error.message : String(error)
}
