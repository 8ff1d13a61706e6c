import type { CsvSink } from './types'

/** The part of the File System Access API used here (Chromium's; not yet in TypeScript's DOM types). */
interface SaveFilePicker {
  (options: {
    suggestedName: string
    types: Array<{ description: string; accept: Record<string, string[]> }>
  }): Promise<{
    createWritable(): Promise<{
      write(chunk: string): Promise<void>
      close(): Promise<void>
      abort(): Promise<void>
    }>
  }>
}

/**
 * Web mode's save. Where the browser has `showSaveFilePicker` (Chromium, the browsers a desk uses
 * the app in) the user chooses the file at once and each chunk goes to disk as it comes: Chromium
 * writes into a swap file and gives it the chosen name only on `close()`, so memory stays flat for
 * any size and a cancelled export leaves nothing. Elsewhere (Firefox, Safari) the chunks are kept as
 * Blobs, which the browser may hold outside the page's heap, and downloaded as one file at the end.
 */
export async function saveCsvDownload(suggestedName: string): Promise<CsvSink | null> {
  const picker = (window as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker
  return picker ? saveWithPicker(picker, suggestedName) : saveAsBlobDownload(suggestedName)
}

async function saveWithPicker(picker: SaveFilePicker, suggestedName: string): Promise<CsvSink | null> {
  let handle
  try {
    handle = await picker({
      suggestedName,
      types: [{ description: 'CSV (comma-separated values)', accept: { 'text/csv': ['.csv'] } }],
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null
    throw error
  }
  const writable = await handle.createWritable()
  return {
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    abort: () => writable.abort().catch(() => {}),
  }
}

function saveAsBlobDownload(suggestedName: string): CsvSink {
  let parts: Blob[] = []
  return {
    write: async (chunk) => void parts.push(new Blob([chunk])),
    close: async () => {
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }))
      parts = []
      const link = document.createElement('a')
      link.href = url
      link.download = suggestedName
      link.style.display = 'none'
      document.body.append(link)
      link.click()
      link.remove()
      // The download has its own reference to the data once started.
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    },
    abort: async () => void (parts = []),
  }
}
