import { csvHead, csvRows, type CsvColumn } from '@shared/csv'
import type { CsvSink } from '../platform/types'

export interface CsvExportJob<Row> {
  columns: readonly CsvColumn<Row>[]
  /** The rows, a page at a time, in the list's order. */
  pages: AsyncIterable<readonly Row[]>
  sink: CsvSink
  signal: AbortSignal
  /** After each page is written: how many rows are in the file so far. */
  onProgress?(rows: number): void
}

/**
 * Streams pages into a file: each page becomes CSV, is written and is dropped, so the renderer holds
 * a page or two, never the list. On a failure or a cancel the file is aborted
 * (nothing is left claiming to be complete) and the error is thrown again.
 * Returns the number of rows written.
 */
export async function exportCsv<Row>({
  columns,
  pages,
  sink,
  signal,
  onProgress,
}: CsvExportJob<Row>): Promise<number> {
  let rows = 0
  try {
    await sink.write(csvHead(columns))
    for await (const page of pages) {
      signal.throwIfAborted()
      if (page.length === 0) continue
      await sink.write(csvRows(columns, page))
      rows += page.length
      onProgress?.(rows)
      // Before asking for more: a cancel reads no further page.
      signal.throwIfAborted()
    }
    signal.throwIfAborted()
    await sink.close()
    return rows
  } catch (error) {
    await sink.abort().catch(() => {})
    throw error
  }
}

/** How an export reads its pages: rows per request, and what cancels it. */
export interface ExportPaging {
  pageSize?: number
  signal?: AbortSignal
}

/** A page of rows and where the next one starts (null: this was the last). */
export interface Page<Row, Cursor> {
  rows: Row[]
  next: Cursor | null
}

/**
 * Reads pages one after another, each asked from where the previous one ended. The next page is
 * asked as soon as a page arrives, so the backend reads it while this one is written (at most two
 * pages are held). Its failure is thrown when it is taken; an export that stops before ignores it.
 * `signal` goes with every request: a cancel ends the page on its way at once, not when it arrives.
 */
export async function* pagesFrom<Row, Cursor>(
  first: Cursor,
  fetchPage: (cursor: Cursor, signal: AbortSignal) => Promise<Page<Row, Cursor>>,
  signal: AbortSignal = new AbortController().signal,
): AsyncGenerator<Row[]> {
  const ask = (cursor: Cursor) => {
    const page = fetchPage(cursor, signal)
    // Handled now, thrown by the await below: not an unhandled rejection while a page is written.
    page.catch(() => {})
    return page
  }
  let coming: Promise<Page<Row, Cursor>> | null = ask(first)
  while (coming) {
    const page: Page<Row, Cursor> = await coming
    coming = page.next === null ? null : ask(page.next)
    yield page.rows
  }
}
