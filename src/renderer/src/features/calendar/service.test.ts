import { describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/format'
import { today } from '@shared/clock'
import { supabase } from '../../lib/supabase'
import { serveAsDemoStaff } from '../../test/embeddedBackend'
import { getCalendarWindow, type CalendarBooking } from './service'

/**
 * The window's stays as the bookings and guests tables say, read the plain way: every stay that is
 * not cancelled and touches `from … from + days − 1` (its departure day included), by cabin then
 * arrival, with its guest's name and flag.
 */
async function staysFromTheTables(from: string, days: number): Promise<CalendarBooking[]> {
  const { data, error } = await supabase()
    .from('bookings')
    .select(
      'id, cabinId, startDate, endDate, numNights, numGuests, status, totalPrice, isPaid, guests(fullName, countryFlag)',
    )
    .neq('status', 'cancelled')
    .gte('endDate', from)
    .lt('startDate', addDays(from, days))
    .order('cabinId')
    .order('startDate')
  if (error) throw error
  return data.map(({ guests, ...stay }) => ({
    ...stay,
    guestName: guests!.fullName,
    countryFlag: guests!.countryFlag,
  }))
}

describe('getCalendarWindow, against the embedded backend', () => {
  serveAsDemoStaff({ demo: true })

  it.each([14, 31, 62])(
    'hands the screen the same stays as the tables hold, %i days around today',
    async (days) => {
      const from = addDays(today(), -2)
      const expected = await staysFromTheTables(from, days)
      // The demo has stays on most days: a window of them, some begun before it.
      expect(expected.length).toBeGreaterThan(10)
      expect(expected.some((stay) => stay.startDate < from)).toBe(true)
      expect(await getCalendarWindow(from, days)).toEqual(expected)
    },
  )

  it('fails with the screen’s sentence, the server’s reason kept', async () => {
    const failure = await getCalendarWindow(today(), 63).catch((error: Error) => error)
    expect(failure).toMatchObject({ message: 'The calendar could not be loaded' })
    expect((failure as Error).cause).toMatchObject({ message: 'The calendar shows 1 to 62 days' })
  })
})
