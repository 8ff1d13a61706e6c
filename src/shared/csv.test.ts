import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvField, csvHead, csvRecord, csvRows, type CsvColumn } from './csv'

interface Person {
  name: string
  amount: number
}
const columns: CsvColumn<Person>[] = [
  { header: 'Guest name', value: (row) => row.name },
  { header: 'Amount', value: (row) => row.amount },
]

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Cabin 001')).toBe('Cabin 001')
    expect(csvField(1250.5)).toBe('1250.5')
    expect(csvField(0)).toBe('0')
    expect(csvField(-40)).toBe('-40')
  })

  it('writes nothing for a missing value', () => {
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(Number.NaN)).toBe('')
  })

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('Costa, Hugo')).toBe('"Costa, Hugo"')
    expect(csvField('The "blue" cabin')).toBe('"The ""blue"" cabin"')
    expect(csvField('late arrival\nafter 22:00')).toBe('"late arrival\nafter 22:00"')
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"')
  })

  it.each(['=HYPERLINK("http://x","click")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises %j so a spreadsheet shows it and never runs it',
    (text) => {
      const field = csvField(text)
      expect(field).toBe(`"'${text.replaceAll('"', '""')}"`)
    },
  )

  it('neutralises only the start of a text', () => {
    expect(csvField('Anne-Marie = guest')).toBe('Anne-Marie = guest')
    expect(csvField('anne@example.com')).toBe('anne@example.com')
  })

  it('keeps accents, emoji and flags as they are', () => {
    expect(csvField('Zoë Ångström 🇵🇹')).toBe('Zoë Ångström 🇵🇹')
    expect(csvField('José, 🇧🇷')).toBe('"José, 🇧🇷"')
  })
})

describe('a CSV file', () => {
  it('starts with the UTF-8 byte order mark and the header row, records end in CRLF', () => {
    const text = csvHead(columns) + csvRows(columns, [{ name: 'Zoë', amount: 300 }])
    expect(text).toBe(`${CSV_BOM}Guest name,Amount\r\nZoë,300\r\n`)
    const bytes = new TextEncoder().encode(text)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('writes a record per row, in order', () => {
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n')
    expect(
      csvRows(columns, [
        { name: 'A', amount: 1 },
        { name: '=B', amount: 2 },
      ]),
    ).toBe(`A,1\r\n"'=B",2\r\n`)
  })

  it('writes a large input exactly, record for record', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ name: `Guest, ${i} "🇫🇷"`, amount: i / 4 }))
    const text = csvRows(columns, rows)
    const records = text.split('\r\n')
    expect(records).toHaveLength(100_001)
    expect(records[99_999]).toBe('"Guest, 99999 ""🇫🇷""",24999.75')
    expect(records[100_000]).toBe('')
  })
})
