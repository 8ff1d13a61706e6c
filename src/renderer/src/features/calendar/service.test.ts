import { describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/format'
import { today } from '@shared/clock'
import { supabase } from '../../lib/supabase'
import { serveAsDemoStaff, type EmbeddedBackend } from '../../test/embeddedBackend'
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

/** What the test server has beside what renderer tests use: its own database connection. */
interface BackendWithDatabase extends EmbeddedBackend {
  db: { transaction(fn: (tx: { query(sql: string): Promise<unknown> }) => Promise<void>): Promise<void> }
}

/**
 * A busy month far ahead: `cabins` new cabins with ten 3-night stays each in the 30 days from 1 June
 * 2031, written as the database's owner (the rule triggers, not what is tested here, off).
 */
async function fillJune2031(server: BackendWithDatabase, cabins: number): Promise<void> {
  await server.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`)
    await tx.query(
      `insert into public.cabins (name, "maxCapacity", "regularPrice", discount)
       select 'Busy ' || lpad(i::text, 3, '0'), 4, 100, 0 from generate_series(1, ${cabins}) i`,
    )
    await tx.query(
      `insert into public.bookings ("startDate", "endDate", "numNights", "numGuests", "cabinPrice",
                                    "extrasPrice", "totalPrice", status, "hasBreakfast", "isPaid",
                                    "cabinId", "guestId")
       select d, d + 3, 3, 2, 300, 0, 300, 'unconfirmed', false, false, c.id,
              (select min(id) from public.guests)
         from public.cabins c, generate_series(0, 9) n,
              lateral (select date '2031-06-01' + n * 3 as d) s
        where c.name like 'Busy %'`,
    )
  })
}

describe('getCalendarWindow, against the embedded backend', () => {
  const server = serveAsDemoStaff({ demo: true })

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

  it('hands over every stay of a window busier than a read’s 1 000 rows (db-max-rows)', async () => {
    await fillJune2031(server() as BackendWithDatabase, 120)
    const expected = await staysFromTheTables('2031-06-01', 30)
    // The plain read is itself cut at 1 000 rows: the window must hold the 1 200 stays written.
    expect(expected).toHaveLength(1000)
    const stays = await getCalendarWindow('2031-06-01', 30)
    expect(stays).toHaveLength(1200)
    expect(stays.slice(0, 1000)).toEqual(expected)
  })

  it('fails with the screen’s sentence, the server’s reason kept', async () => {
    const failure = await getCalendarWindow(today(), 63).catch((error: Error) => error)
    expect(failure).toMatchObject({ message: 'The calendar could not be loaded' })
    expect((failure as Error).cause).toMatchObject({ message: 'The calendar shows 1 to 62 days' })
  })
})
