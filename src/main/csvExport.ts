import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { ExportOpenResult, ExportStepResult } from '../shared/ipc'
import { errorReason as reason } from './errorReason'
import type { SaveDialog } from './saveDialog'

/** The file operations an export needs; node:fs/promises in the app, fakes in tests. */
export interface ExportFs {
  open(path: string): Promise<{ write(text: string): Promise<unknown>; close(): Promise<void> }>
  rename(from: string, to: string): Promise<void>
  rm(path: string, options: { force: boolean }): Promise<void>
}

/** Where the file is written until it is complete: beside the chosen file, so the rename stays on one disk. */
export const partialPath = (path: string) => `${path}.part`

type OpenExport = { path: string; file: Awaited<ReturnType<ExportFs['open']>> }

/**
 * Saves a CSV export the renderer streams in chunks: main asks where (the native save dialog), then
 * appends each chunk to `<file>.part` and renames it to the chosen name only when the renderer says
 * it is complete. Cancelled, failed or abandoned, the partial file is removed, so a file with the
 * chosen name is always a whole export. Only ids this module handed out are accepted.
 */
export function createCsvExports(deps: { showSaveDialog: SaveDialog; fs: ExportFs }) {
  const open = new Map<string, OpenExport>()

  async function discard(id: string): Promise<void> {
    const entry = open.get(id)
    if (!entry) return
    open.delete(id)
    await entry.file.close().catch(() => {})
    await deps.fs.rm(partialPath(entry.path), { force: true }).catch(() => {})
  }

  return {
    async open(suggestedName: string): Promise<ExportOpenResult> {
      const choice = await deps.showSaveDialog({
        title: 'Export CSV',
        defaultPath: basename(suggestedName),
        buttonLabel: 'Export',
        filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }],
      })
      if (choice.canceled || !choice.filePath) return null
      const path = choice.filePath
      try {
        const file = await deps.fs.open(partialPath(path))
        const id = randomUUID()
        open.set(id, { path, file })
        return { id }
      } catch (error) {
        return { error: `Innkeeper cannot write to ${path} (${reason(error)}).` }
      }
    },

    async write(id: string, chunk: string): Promise<ExportStepResult> {
      const entry = open.get(id)
      if (!entry) return { error: 'This export is no longer open.' }
      try {
        await entry.file.write(chunk)
        return { ok: true }
      } catch (error) {
        await discard(id)
        return { error: `The file could not be written (${reason(error)}).` }
      }
    },

    async close(id: string): Promise<ExportStepResult> {
      const entry = open.get(id)
      if (!entry) return { error: 'This export is no longer open.' }
      try {
        await entry.file.close()
        await deps.fs.rename(partialPath(entry.path), entry.path)
        open.delete(id)
        return { ok: true }
      } catch (error) {
        await discard(id)
        return { error: `The file could not be saved (${reason(error)}).` }
      }
    },

    abort: (id: string): Promise<void> => discard(id),

    /** Every export still open, as when the window goes away mid-export. */
    abortAll: (): Promise<void> => Promise.all([...open.keys()].map(discard)).then(() => {}),
  }
}

export type CsvExports = ReturnType<typeof createCsvExports>
