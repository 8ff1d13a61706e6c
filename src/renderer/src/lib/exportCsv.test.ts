import { describe, expect, it, vi } from 'vitest'
import { CSV_BOM, type CsvColumn } from '@shared/csv'
import type { CsvSink } from '../platform/types'
import { exportCsv, pagesFrom } from './exportCsv'

interface Row {
  id: number
  name: string
}
const columns: CsvColumn<Row>[] = [
  { header: 'Booking', value: (row) => row.id },
  { header: 'Guest', value: (row) => row.name },
]

function recordingSink() {
  const chunks: string[] = []
  const sink = {
    write: vi.fn(async (chunk: string) => void chunks.push(chunk)),
    close: vi.fn(async () => {}),
    abort: vi.fn(async () => {}),
  } satisfies CsvSink
  return { sink, chunks }
}

/** `total` rows served `size` at a time after the cursor (the last id), recording each cursor asked for. */
function pagesOf(total: number, size: number) {
  const asked: number[] = []
  const pages = pagesFrom<Row, number>(0, async (after) => {
    asked.push(after)
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - after)) }, (_, i) => ({
      id: after + i + 1,
      name: `Guest ${after + i + 1}`,
    }))
    return { rows, next: rows.length ? rows.at(-1)!.id : null }
  })
  return { pages, asked }
}

describe('pagesFrom', () => {
  it('asks each page from where the previous one ended, until an empty page', async () => {
    const { pages, asked } = pagesOf(25, 10)
    const ids: number[] = []
    for await (const page of pages) ids.push(...page.map((row) => row.id))
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    expect(asked).toEqual([0, 10, 20, 25])
  })

  it('asks for the next page as soon as a page arrives, never more than one ahead', async () => {
    const { pages, asked } = pagesOf(100, 10)
    const iterator = pages[Symbol.asyncIterator]()
    await iterator.next()
    // The first page is being written: the second is on its way, the third not yet asked for.
    expect(asked).toEqual([0, 10])
    await iterator.next()
    expect(asked).toEqual([0, 10, 20])
  })

  it('ignores the page on its way when the export stops early', async () => {
    const asked: number[] = []
    const pages = pagesFrom<Row, number>(0, async (after) => {
      asked.push(after)
      if (after > 0) throw new Error('Bookings could not be exported')
      return { rows: [{ id: 1, name: 'A' }], next: 1 }
    })
    for await (const page of pages) if (page.length) break
    // The second page failed while nobody waited for it: Vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(asked).toEqual([0, 1])
  })
})

describe('exportCsv', () => {
  it('writes the byte order mark and header, then one chunk per page, then closes the file', async () => {
    const { sink, chunks } = recordingSink()
    const progress: number[] = []
    const rows = await exportCsv({
      columns,
      pages: pagesOf(3, 2).pages,
      sink,
      signal: new AbortController().signal,
      onProgress: (count) => progress.push(count),
    })
    expect(rows).toBe(3)
    expect(chunks).toEqual([`${CSV_BOM}Booking,Guest\r\n`, '1,Guest 1\r\n2,Guest 2\r\n', '3,Guest 3\r\n'])
    expect(progress).toEqual([2, 3])
    expect(sink.close).toHaveBeenCalledTimes(1)
    expect(sink.abort).not.toHaveBeenCalled()
  })

  it('writes only the header for an empty list', async () => {
    const { sink, chunks } = recordingSink()
    const signal = new AbortController().signal
    expect(await exportCsv({ columns, pages: pagesOf(0, 10).pages, sink, signal })).toBe(0)
    expect(chunks).toEqual([`${CSV_BOM}Booking,Guest\r\n`])
    expect(sink.close).toHaveBeenCalledTimes(1)
  })

  it('aborts the file and fails when a page cannot be read, never closing it as complete', async () => {
    const { sink } = recordingSink()
    const pages = pagesFrom<Row, number>(0, async (after) => {
      if (after > 0) throw new Error('Bookings could not be exported')
      return { rows: [{ id: 1, name: 'A' }], next: 1 }
    })
    await expect(exportCsv({ columns, pages, sink, signal: new AbortController().signal })).rejects.toThrow(
      'Bookings could not be exported',
    )
    expect(sink.abort).toHaveBeenCalledTimes(1)
    expect(sink.close).not.toHaveBeenCalled()
  })

  it('aborts the file when the file cannot be written', async () => {
    const { sink } = recordingSink()
    sink.write
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('The file could not be written (ENOSPC).'))
    await expect(
      exportCsv({ columns, pages: pagesOf(5, 2).pages, sink, signal: new AbortController().signal }),
    ).rejects.toThrow('ENOSPC')
    expect(sink.abort).toHaveBeenCalledTimes(1)
    expect(sink.close).not.toHaveBeenCalled()
  })

  it('stops reading pages when cancelled, and aborts the file', async () => {
    const { sink } = recordingSink()
    const cancel = new AbortController()
    const { pages, asked } = pagesOf(100, 10)
    const done = exportCsv({
      columns,
      pages,
      sink,
      signal: cancel.signal,
      onProgress: (rows) => rows === 20 && cancel.abort(),
    })
    await expect(done).rejects.toThrow()
    expect(asked).toEqual([0, 10, 20])
    expect(sink.abort).toHaveBeenCalledTimes(1)
    expect(sink.close).not.toHaveBeenCalled()
  })

  it('ends the page on its way at once when cancelled, without waiting for its answer', async () => {
    const { sink } = recordingSink()
    const cancel = new AbortController()
    const signals: AbortSignal[] = []
    // The second page never answers unless its request is aborted, like a slow page at 500 000 bookings.
    const pages = pagesFrom<Row, number>(
      0,
      (after, signal) => {
        signals.push(signal)
        if (after === 0) return Promise.resolve({ rows: [{ id: 1, name: 'A' }], next: 1 })
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
      },
      cancel.signal,
    )
    const done = exportCsv({ columns, pages, sink, signal: cancel.signal })
    await vi.waitFor(() => expect(signals).toHaveLength(2))
    cancel.abort()
    await expect(done).rejects.toThrow()
    expect(signals.every((signal) => signal.aborted)).toBe(true)
    expect(sink.abort).toHaveBeenCalledTimes(1)
    expect(sink.close).not.toHaveBeenCalled()
  })
})
