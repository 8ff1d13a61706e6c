/**
 * CSV as spreadsheets open it (RFC 4180): fields separated by commas, records by CRLF, a field
 * quoted when it holds a comma, a quote or a line break, its quotes doubled. The file starts with a
 * UTF-8 byte order mark, without which Excel reads accents and flags as mojibake.
 */

export const CSV_BOM = '\uFEFF'

export type CsvValue = string | number | null | undefined

/** One column of an export: its header, as the user reads it, and its value in a row. */
export interface CsvColumn<Row> {
  header: string
  value(row: Row): CsvValue
}

/**
 * A text a spreadsheet would run as a formula (OWASP's CSV injection list: `=`, `+`, `-`, `@`, tab
 * and carriage return at the start). Numbers are written as numbers and never match: only text does.
 */
const FORMULA_START = /^[=+\-@\t\r]/

const NEEDS_QUOTES = /[",\r\n]/

/** One field: text that could run as a formula is prefixed with `'` (shown, never run) and quoted. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (FORMULA_START.test(value)) return quoted(`'${value}`)
  return NEEDS_QUOTES.test(value) ? quoted(value) : value
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}

/** The start of the file: the byte order mark and the header row. */
export function csvHead<Row>(columns: readonly CsvColumn<Row>[]): string {
  return CSV_BOM + csvRecord(columns.map((column) => column.header))
}

/** Rows as CSV records, to be appended after `csvHead`. */
export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let text = ''
  for (const row of rows) text += csvRecord(columns.map((column) => column.value(row)))
  return text
}
