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
 * Streams pages into a file: each page becomes CSV, is written and is dropped before the next is
 * read, so the renderer never holds more than a page. On a failure or a cancel the file is aborted
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
    }
    signal.throwIfAborted()
    await sink.close()
    return rows
  } catch (error) {
    await sink.abort().catch(() => {})
    throw error
  }
}

/** A page of rows and where the next one starts (null: this was the last). */
export interface Page<Row, Cursor> {
  rows: Row[]
  next: Cursor | null
}

/** Reads pages one after another, each asked from where the previous one ended. */
export async function* pagesFrom<Row, Cursor>(
  first: Cursor,
  fetchPage: (cursor: Cursor) => Promise<Page<Row, Cursor>>,
): AsyncGenerator<Row[]> {
  let cursor: Cursor | null = first
  while (cursor !== null) {
    const page: Page<Row, Cursor> = await fetchPage(cursor)
    yield page.rows
    cursor = page.next
  }
}
