import { describe, expect, it } from 'vitest'
import { BOOKING_SORT_OPTIONS, parseSortBy, type BookingSortBy } from '@shared/domain/bookings'
import { supabase } from '../../lib/supabase'
import { serveAsDemoStaff } from '../../test/embeddedBackend'
import { bookingsForExport } from './service'

/** Every booking of the filter in the list's order, in one read (the demo has fewer than 1 000). */
async function allInListOrder(status: string | null, sortBy: BookingSortBy): Promise<number[]> {
  const { field, ascending } = parseSortBy(sortBy)
  let query = supabase().from('bookings').select('id')
  if (status) query = query.eq('status', status)
  const { data, error } = await query.order(field, { ascending }).order('id', { ascending })
  if (error) throw error
  return data.map((row) => row.id)
}

async function idsOf(pages: AsyncIterable<readonly { id: number }[]>): Promise<number[][]> {
  const read: number[][] = []
  for await (const page of pages) read.push(page.map((row) => row.id))
  return read
}

describe('bookingsForExport, against the embedded backend', () => {
  serveAsDemoStaff({ demo: true })

  it.each(BOOKING_SORT_OPTIONS.map((option) => option.value))(
    'reads every booking in the list’s order, page after page, sorted %s',
    async (sortBy) => {
      const expected = await allInListOrder(null, sortBy)
      const pages = await idsOf(bookingsForExport('all', sortBy, { pageSize: 7 }))
      expect(pages.flat()).toEqual(expected)
      // Full pages, the rest, then the empty page that ends it.
      expect(pages.slice(0, -2).every((page) => page.length === 7)).toBe(true)
      expect(pages.at(-1)).toEqual([])
    },
  )

  it('keeps to the status filter, amounts tied included', async () => {
    const expected = await allInListOrder('checked-out', 'totalPrice-asc')
    expect(expected.length).toBeGreaterThan(7)
    expect((await idsOf(bookingsForExport('checked-out', 'totalPrice-asc', { pageSize: 3 }))).flat()).toEqual(
      expected,
    )
  })

  it('neither skips nor repeats a booking when one already read is deleted during the export', async () => {
    const expected = await allInListOrder('checked-out', 'startDate-asc')
    const pages = bookingsForExport('checked-out', 'startDate-asc', { pageSize: 5 })[Symbol.asyncIterator]()
    const firstPage = await pages.next()
    if (firstPage.done) throw new Error('no first page')
    const first = firstPage.value.map((row) => row.id)
    expect(first).toEqual(expected.slice(0, 5))
    // An offset would now start one booking too late and never write expected[5].
    const { error } = await supabase().from('bookings').delete().eq('id', first[0])
    expect(error).toBeNull()
    const rest: number[] = []
    for (let page = await pages.next(); !page.done; page = await pages.next())
      rest.push(...page.value.map((row) => row.id))
    expect(rest).toEqual(expected.slice(5))
  })

  it('sends the export’s signal with its requests: a cancelled export asks the backend nothing more', async () => {
    const cancel = new AbortController()
    cancel.abort()
    const failure = await idsOf(bookingsForExport('all', 'startDate-asc', { signal: cancel.signal })).catch(
      (error: Error) => error,
    )
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe('Bookings could not be exported')
    expect(JSON.stringify((failure as Error).cause)).toMatch(/abort/i)
  })
})
