import { describe, expect, it } from 'vitest'
import { supabase } from '../../lib/supabase'
import { serveAsDemoStaff } from '../../test/embeddedBackend'
import { GUEST_SORT_OPTIONS } from './guestList'
import { countGuests, getGuests, guestsForExport } from './service'

async function namesOf(pages: AsyncIterable<readonly { fullName: string }[]>): Promise<string[]> {
  const names: string[] = []
  for await (const page of pages) names.push(...page.map((guest) => guest.fullName))
  return names
}

/** The directory as the screen pages it, ten at a time. */
async function directory(search: string, sortBy: (typeof GUEST_SORT_OPTIONS)[number]['value']) {
  const names: string[] = []
  for (let page = 1; ; page++) {
    const { guests } = await getGuests({ search, sortBy, page })
    names.push(...guests.map((guest) => guest.fullName))
    if (guests.length < 10) return names
  }
}

describe('guestsForExport, against the embedded backend', () => {
  serveAsDemoStaff({ demo: true })

  it.each(GUEST_SORT_OPTIONS.map((option) => option.value))(
    'reads every guest of a search in the directory’s order, sorted %s',
    async (sortBy) => {
      const expected = await directory('a', sortBy)
      expect(expected.length).toBe(await countGuests('a'))
      expect(expected.length).toBeGreaterThan(8)
      expect(await namesOf(guestsForExport('a', sortBy, { pageSize: 4 }))).toEqual(expected)
    },
  )

  it('stops, saying so, when a guest is added before the pages still to read', async () => {
    const pages = guestsForExport('', 'fullName-asc', { pageSize: 5 })[Symbol.asyncIterator]()
    await pages.next()
    const { error } = await supabase().from('guests').insert({ fullName: 'Aaron Aardvark' })
    expect(error).toBeNull()
    // The second page may have been read before the guest was added; a later one sees the shift.
    const failure = await (async () => {
      while (!(await pages.next()).done);
    })().catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe('Guests could not be exported')
    expect(((failure as Error).cause as Error).message).toBe(
      'Guests were added or deleted during the export. Export again.',
    )
  })
})
