import { addDays } from '@shared/domain/format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate } from './migrate'
import { openPglite } from './pglite'
import { asServiceRole, withRequestRole, type RequestClaims } from './requestContext'
import {
  addBooking,
  addCabin,
  addGuest,
  addStaffUser,
  insertRow,
  userClaims,
} from '../../../tests/harness/testFixtures'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database, Queryable } from './types'

/** Every rule the database enforces, each broken on purpose; the message is what the desk shows. */
describe.each(testDatabaseKinds())('rules on %s', (kind) => {
  let handle: TestDatabase
  let db: Database
  let guestId: number
  let staff: RequestClaims
  const start = '2027-06-01'

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    db = handle.db
    guestId = await addGuest(db)
    staff = userClaims(await addStaffUser(db))
  })
  afterAll(() => handle.drop())

  const rejects = (promise: Promise<unknown>, message: string, code = '23514') =>
    expect(promise).rejects.toMatchObject({ message, code })

  /**
   * Sets columns of one row. An update that reaches no row would let a test pass without testing
   * anything, so exactly one row must change.
   */
  async function updateRow(tx: Queryable, table: string, id: number, fields: Record<string, unknown>) {
    const columns = Object.keys(fields)
    const { affectedRows } = await tx.query(
      `update public.${table} set ${columns.map((c, i) => `"${c}" = $${i + 1}`).join(', ')} where id = $${columns.length + 1}`,
      [...Object.values(fields), id],
    )
    expect(affectedRows, `rows of ${table} ${id} updated`).toBe(1)
  }
  const setSettings = (fields: Record<string, unknown>) => updateRow(db, 'settings', 1, fields)
  const defaults = { minBookingLength: 3, maxBookingLength: 90, maxGuestsPerBooking: 8, breakfastPrice: 15 }

  async function booking(fields: Record<string, unknown> = {}, nights = 4): Promise<number> {
    return addBooking(db, { cabinId: await addCabin(db), guestId, startDate: start, nights, fields })
  }
  const update = (id: number, fields: Record<string, unknown>, tx: Queryable = db) =>
    updateRow(tx, 'bookings', id, fields)
  const bookingById = async (id: number) =>
    (await db.query<Record<string, unknown>>('select * from public.bookings where id = $1', [id])).rows[0]

  describe('booking status', () => {
    it('only knows unconfirmed, checked-in, checked-out and cancelled', async () => {
      await rejects(
        booking({ status: 'archived' }),
        'Booking status must be unconfirmed, checked-in, checked-out or cancelled',
      )
    })

    it('moves unconfirmed → checked-in → checked-out, once paid', async () => {
      const id = await booking()
      await rejects(update(id, { status: 'checked-in' }), 'A booking must be paid before check-in')
      await update(id, { status: 'checked-in', isPaid: true })
      await rejects(update(id, { isPaid: false }), 'A booking must be paid before check-in')
      await update(id, { status: 'checked-out' })
      const { rows } = await db.query('select status from public.bookings where id = $1', [id])
      expect(rows).toEqual([{ status: 'checked-out' }])
    })

    it('checks a guest in or out only once, even when 20 desks try at once', async () => {
      const id = await booking()
      const checkIn = () =>
        db.transaction((tx) =>
          tx.query(`update public.bookings set status = 'checked-in', "isPaid" = true where id = $1`, [id]),
        )
      const results = await Promise.allSettled(Array.from({ length: 20 }, checkIn))
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(result.reason).toMatchObject({ message: 'This booking is already checked in' })
        }
      }
      await update(id, { status: 'checked-out' })
      await rejects(update(id, { status: 'checked-out' }), 'This booking is already checked out')
      await update(id, { observations: 'Edits that leave the status alone are fine' })
    })

    it('never skips or goes back', async () => {
      const unconfirmed = await booking()
      await rejects(
        update(unconfirmed, { status: 'checked-out', isPaid: true }),
        'A booking that is unconfirmed cannot become checked-out',
      )
      const checkedIn = await booking({ status: 'checked-in', isPaid: true })
      await rejects(
        update(checkedIn, { status: 'unconfirmed' }),
        'A booking that is checked-in cannot become unconfirmed',
      )
      const checkedOut = await booking({ status: 'checked-out', isPaid: true })
      await rejects(
        update(checkedOut, { status: 'checked-in' }),
        'A booking that is checked-out cannot become checked-in',
      )
    })
  })

  describe('a new booking', () => {
    const asStaff = <T>(fn: (tx: Queryable) => Promise<T>) => withRequestRole(db, staff, fn)

    it('starts unconfirmed when the desk, or anyone through the API, books it', async () => {
      const cabinId = await addCabin(db)
      const stay = { cabinId, guestId, startDate: start, nights: 4 }
      for (const status of ['checked-in', 'checked-out']) {
        await rejects(
          asStaff((tx) => addBooking(tx, { ...stay, fields: { status, isPaid: true } })),
          'A new booking starts unconfirmed; check the guest in when they arrive',
        )
      }
      const id = await asStaff((tx) => addBooking(tx, { ...stay, fields: { isPaid: true } }))
      expect(await bookingById(id)).toMatchObject({ status: 'unconfirmed', isPaid: true })
    })

    it('may be written as it happened by the owner (seed, bench) and the service role (imports)', async () => {
      const past = {
        guestId,
        startDate: '2026-01-10',
        nights: 4,
        fields: { status: 'checked-out', isPaid: true },
      }
      const imported = await asServiceRole(db, async (tx) =>
        addBooking(tx, { ...past, cabinId: await addCabin(tx) }),
      )
      const seeded = await addBooking(db, { ...past, cabinId: await addCabin(db) })
      for (const id of [imported, seeded]) {
        expect(await bookingById(id)).toMatchObject({ status: 'checked-out', numNights: 4 })
      }
    })
  })

  describe('a checked-out stay', () => {
    const history = 'This stay is checked out: its dates, cabin, guests and prices can no longer change'

    it('keeps its dates, cabin, guest, guests, breakfast and prices, whoever asks', async () => {
      const id = await booking({ status: 'checked-out', isPaid: true })
      const before = await bookingById(id)
      const changes: Record<string, unknown>[] = [
        { startDate: addDays(start, 1), endDate: addDays(start, 5) },
        { endDate: addDays(start, 5), numNights: 5 },
        { cabinId: await addCabin(db) },
        { guestId: await addGuest(db) },
        { numGuests: 3 },
        { hasBreakfast: true, extrasPrice: 15 * 4 * 2, totalPrice: 4 * 180 + 15 * 4 * 2 },
        { cabinPrice: 700, totalPrice: 700 },
        { extrasPrice: 10, totalPrice: 4 * 180 + 10 },
      ]
      for (const fields of changes) {
        await rejects(update(id, fields), history)
        await rejects(
          withRequestRole(db, staff, (tx) => update(id, fields, tx)),
          history,
        )
        await rejects(
          asServiceRole(db, (tx) => update(id, fields, tx)),
          history,
        )
      }
      expect(await bookingById(id)).toEqual(before)
    })

    it('still takes notes, and can still be deleted', async () => {
      const id = await booking({ status: 'checked-out', isPaid: true })
      await withRequestRole(db, staff, (tx) => update(id, { observations: 'Left a scarf behind' }, tx))
      expect(await bookingById(id)).toMatchObject({ observations: 'Left a scarf behind' })
      const { affectedRows } = await db.query('delete from public.bookings where id = $1', [id])
      expect(affectedRows).toBe(1)
    })

    it('is history only once checked out: a checked-in stay can still be extended', async () => {
      const id = await booking({ status: 'checked-in', isPaid: true })
      await update(id, { endDate: addDays(start, 6), numNights: 6, cabinPrice: 6 * 180, totalPrice: 6 * 180 })
      await update(id, { status: 'checked-out' })
      expect(await bookingById(id)).toMatchObject({
        status: 'checked-out',
        numNights: 6,
        totalPrice: 6 * 180,
      })
    })
  })

  describe('booking dates and prices', () => {
    it('counts nights from the dates', async () => {
      await rejects(booking({ numNights: 5 }, 4), 'The number of nights must match the dates (4 nights)')
      const id = await booking()
      await rejects(
        update(id, { endDate: addDays(start, 6) }),
        'The number of nights must match the dates (6 nights)',
      )
    })

    it('needs the departure after the arrival', async () => {
      await rejects(booking({ endDate: start, numNights: 0 }), 'The departure must be after the arrival')
    })

    it('needs a guest and non-negative prices adding up', async () => {
      await rejects(booking({ numGuests: 0 }), 'A booking needs at least one guest')
      await rejects(booking({ cabinPrice: -10, totalPrice: -10 }), 'Prices cannot be negative')
      await rejects(booking({ totalPrice: 1 }), 'The total price must equal the cabin price plus extras')
    })

    it('keeps money as JSON numbers', async () => {
      const id = await booking({ cabinPrice: 612.5, totalPrice: 612.5 })
      const { rows } = await db.query<{ json: string }>(
        'select row_to_json(b)::text as json from public.bookings b where id = $1',
        [id],
      )
      expect(JSON.parse(rows[0].json)).toMatchObject({ cabinPrice: 612.5, extrasPrice: 0, totalPrice: 612.5 })
    })
  })

  describe('amounts', () => {
    const NOT_NUMBERS = ['NaN', 'Infinity', '-Infinity']

    it('are never NaN or infinite, whichever rule words the refusal', async () => {
      const cabinId = await addCabin(db)
      const id = await booking()
      for (const value of NOT_NUMBERS) {
        const attempts = [
          () => addCabin(db, { regularPrice: value }),
          () => addCabin(db, { discount: value }),
          () => updateRow(db, 'cabins', cabinId, { regularPrice: value, discount: value }),
          () => booking({ cabinPrice: value, totalPrice: value }),
          () => update(id, { extrasPrice: value, totalPrice: value }),
          () => update(id, { cabinPrice: value, extrasPrice: value, totalPrice: value }),
          () => setSettings({ breakfastPrice: value }),
        ]
        for (const attempt of attempts)
          await expect(attempt(), value).rejects.toMatchObject({ code: '23514' })
      }
      const { rows } = await db.query(
        `select (select count(*) from public.cabins where "regularPrice" in ('NaN', 'Infinity', '-Infinity')
                   or discount in ('NaN', 'Infinity', '-Infinity'))::int as cabins,
                (select count(*) from public.bookings where "totalPrice" in ('NaN', 'Infinity', '-Infinity')
                   or "cabinPrice" in ('NaN', 'Infinity', '-Infinity'))::int as bookings,
                (select "breakfastPrice" from public.settings)::float8 as "breakfastPrice"`,
      )
      expect(rows).toEqual([{ cabins: 0, bookings: 0, breakfastPrice: 15 }])
    })

    const RULE_TRIGGERS = { cabins: 'check_cabin', bookings: 'check_booking', settings: 'check_settings' }
    const COLUMNS = [
      ['cabins', 'regularPrice'],
      ['cabins', 'discount'],
      ['bookings', 'cabinPrice'],
      ['bookings', 'extrasPrice'],
      ['bookings', 'totalPrice'],
      ['settings', 'breakfastPrice'],
    ] as const

    it.each(NOT_NUMBERS)(
      '%s is refused by a check constraint naming the column, trigger or not',
      async (value) => {
        const ids = { cabins: await addCabin(db), bookings: await booking(), settings: 1 }
        for (const [table, column] of COLUMNS) {
          await rejects(
            db.transaction(async (tx) => {
              await tx.exec(`alter table public.${table} disable trigger ${RULE_TRIGGERS[table]}`)
              await updateRow(tx, table, ids[table], { [column]: value })
            }),
            `new row for relation "${table}" violates check constraint "${table}_${column}_finite"`,
          )
        }
      },
    )
  })

  describe('booking limits', () => {
    it('fits the cabin and the per-booking guest limit', async () => {
      await rejects(booking({ numGuests: 7 }), 'This cabin fits at most 6 guests')
      const bigCabin = await addCabin(db, { maxCapacity: 12 })
      await rejects(
        addBooking(db, { cabinId: bigCabin, guestId, startDate: start, nights: 4, numGuests: 9 }),
        'A booking can have at most 8 guests',
      )
      const id = await booking()
      await rejects(update(id, { numGuests: 7 }), 'This cabin fits at most 6 guests')
    })

    it('lasts between the minimum and maximum nights when booked', async () => {
      await rejects(booking({}, 2), 'A booking must last between 3 and 90 nights')
      await rejects(booking({}, 91), 'A booking must last between 3 and 90 nights')
    })

    it('lets existing bookings check in after the limits tightened', async () => {
      const id = await booking({ numGuests: 6 }, 4)
      try {
        await setSettings({ minBookingLength: 5, maxGuestsPerBooking: 4 })
        await update(id, { status: 'checked-in', isPaid: true })
        expect(await bookingById(id)).toMatchObject({ status: 'checked-in', numGuests: 6, numNights: 4 })
      } finally {
        await setSettings(defaults)
      }
    })
  })

  describe('breakfast', () => {
    it('is priced from the settings when booked', async () => {
      const cabinId = await addCabin(db)
      await rejects(
        addBooking(db, { cabinId, guestId, startDate: start, nights: 4, breakfastPrice: 12 }),
        'The breakfast price has changed; reload the booking and try again',
      )
      const id = await addBooking(db, { cabinId, guestId, startDate: start, nights: 4, breakfastPrice: 15 })
      expect(await bookingById(id)).toMatchObject({ hasBreakfast: true, extrasPrice: 15 * 4 * 2 })
    })

    it('raises the extras by its cost when added at check-in', async () => {
      const id = await booking({ numGuests: 3, extrasPrice: 20, totalPrice: 4 * 180 + 20 }, 4)
      const cost = 15 * 4 * 3
      await update(id, {
        status: 'checked-in',
        isPaid: true,
        hasBreakfast: true,
        extrasPrice: 20 + cost,
        totalPrice: 4 * 180 + 20 + cost,
      })
      expect(await bookingById(id)).toMatchObject({
        status: 'checked-in',
        hasBreakfast: true,
        extrasPrice: 20 + cost,
        totalPrice: 4 * 180 + 20 + cost,
      })
    })

    it('refuses a price the settings no longer have', async () => {
      const id = await booking({ numGuests: 2 }, 4)
      try {
        await setSettings({ breakfastPrice: 18 })
        await rejects(
          update(id, { hasBreakfast: true, extrasPrice: 120, totalPrice: 4 * 180 + 120 }),
          'The breakfast price has changed; reload the booking and try again',
        )
        await update(id, { hasBreakfast: true, extrasPrice: 144, totalPrice: 4 * 180 + 144 })
        expect(await bookingById(id)).toMatchObject({ hasBreakfast: true, extrasPrice: 144 })
      } finally {
        await setSettings(defaults)
      }
    })
  })

  describe('overlapping stays', () => {
    it('never books one cabin twice for a night, naming the booking in the way', async () => {
      const cabinId = await addCabin(db, { name: 'Overlaps' })
      await addBooking(db, { cabinId, guestId, startDate: start, nights: 5 })
      await rejects(
        addBooking(db, { cabinId, guestId, startDate: addDays(start, 4), nights: 3 }),
        'Cabin Overlaps is booked from 1 Jun to 6 Jun',
        '23P01',
      )
      // Leaving and arriving on the same day is fine, as is another cabin.
      const next = await addBooking(db, { cabinId, guestId, startDate: addDays(start, 5), nights: 3 })
      await addBooking(db, { cabinId: await addCabin(db), guestId, startDate: start, nights: 5 })
      await rejects(
        update(next, { startDate: addDays(start, 3), numNights: 5 }),
        'Cabin Overlaps is booked from 1 Jun to 6 Jun',
        '23P01',
      )
    })

    it('is guaranteed by the exclusion constraint, not only by the trigger', async () => {
      const cabinId = await addCabin(db)
      await addBooking(db, { cabinId, guestId, startDate: start, nights: 5 })
      await expect(
        db.transaction(async (tx) => {
          await tx.exec('alter table public.bookings disable trigger check_booking')
          await addBooking(tx, { cabinId, guestId, startDate: addDays(start, 2), nights: 5 })
        }),
      ).rejects.toMatchObject({ code: '23P01', message: expect.stringContaining('bookings_no_overlap') })
    })

    it('stores exactly one of 20 simultaneous bookings of the same nights', async () => {
      const cabinId = await addCabin(db)
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          db.transaction((tx) => addBooking(tx, { cabinId, guestId, startDate: start, nights: 4 })),
        ),
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: '23P01' })
      }
    })
  })

  describe('deleting', () => {
    it('deletes only checked-out or cancelled bookings', async () => {
      for (const fields of [{}, { status: 'checked-in', isPaid: true }]) {
        const id = await booking(fields)
        await rejects(
          db.query('delete from public.bookings where id = $1', [id]),
          'Only checked-out or cancelled bookings can be deleted',
        )
      }
      for (const fields of [{ status: 'checked-out', isPaid: true }, { status: 'cancelled' }]) {
        const id = await booking(fields)
        const { affectedRows } = await db.query('delete from public.bookings where id = $1', [id])
        expect(affectedRows).toBe(1)
      }
    })

    it('keeps a cabin that has bookings', async () => {
      const cabinId = await addCabin(db)
      await addBooking(db, { cabinId, guestId, startDate: start, nights: 4 })
      await rejects(
        db.query('delete from public.cabins where id = $1', [cabinId]),
        'This cabin has bookings and cannot be deleted',
        '23503',
      )
      const empty = await addCabin(db)
      expect((await db.query('delete from public.cabins where id = $1', [empty])).affectedRows).toBe(1)
    })
  })

  describe('cabins', () => {
    it('needs a name, capacity, price and a sensible discount', async () => {
      await rejects(addCabin(db, { name: '  ' }), 'A cabin needs a name')
      await rejects(addCabin(db, { maxCapacity: 0 }), 'Capacity should be at least 1 person')
      await rejects(addCabin(db, { regularPrice: 0.5, discount: 0 }), 'Regular price should be at least 1')
      await rejects(addCabin(db, { discount: -1 }), 'Discount cannot be negative')
      await rejects(
        addCabin(db, { regularPrice: 100, discount: 101 }),
        'Discount should be less than regular price',
      )
      await addCabin(db, { regularPrice: 100, discount: 100 })
      const id = await addCabin(db)
      await rejects(
        db.query('update public.cabins set discount = 500 where id = $1', [id]),
        'Discount should be less than regular price',
      )
    })

    it('has unique names', async () => {
      await addCabin(db, { name: 'Twin' })
      await expect(addCabin(db, { name: 'Twin' })).rejects.toMatchObject({ code: '23505' })
    })
  })

  describe('settings', () => {
    it('is one row with id 1 that cannot be deleted', async () => {
      await rejects(
        insertRow(db, 'public.settings', { ...defaults, id: 2 }),
        'There is only one settings row, with id 1',
      )
      await expect(insertRow(db, 'public.settings', { ...defaults, id: 1 })).rejects.toMatchObject({
        code: '23505',
      })
      await rejects(db.query('delete from public.settings'), 'The settings row cannot be deleted')
    })

    it('holds positive values with the minimum at most the maximum', async () => {
      const cases: [Record<string, number>, string][] = [
        [{ minBookingLength: 0 }, 'Minimum nights per booking must be at least 1'],
        [{ maxBookingLength: -1 }, 'Maximum nights per booking must be at least 1'],
        [{ maxGuestsPerBooking: 0 }, 'Maximum guests per booking must be at least 1'],
        [{ breakfastPrice: 0 }, 'Breakfast price must be more than 0'],
        [{ minBookingLength: 91 }, 'Minimum nights per booking cannot be more than the maximum (90)'],
      ]
      for (const [fields, message] of cases) await rejects(setSettings(fields), message)
      const { rows } = await db.query('select "minBookingLength", "maxBookingLength" from public.settings')
      expect(rows).toEqual([{ minBookingLength: 3, maxBookingLength: 90 }])
    })

    it.runIf(kind === 'postgres')('never ends with min > max when two desks save at once', async () => {
      let releaseFirst!: () => void
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve))
      let firstUpdated!: () => void
      const firstHasLock = new Promise<void>((resolve) => (firstUpdated = resolve))
      const first = db.transaction(async (tx) => {
        await tx.query('update public.settings set "minBookingLength" = 10 where id = 1')
        firstUpdated()
        await firstHolds
      })
      await firstHasLock
      // The second desk still saw min 3, so max 5 looked valid to it; it waits for the first's row lock.
      const second = db.query('update public.settings set "maxBookingLength" = 5 where id = 1')
      second.catch(() => {})
      await waitForLockWaiter(db)
      releaseFirst()
      await first
      await rejects(second, 'Minimum nights per booking cannot be more than the maximum (5)')
      const { rows } = await db.query('select "minBookingLength", "maxBookingLength" from public.settings')
      expect(rows).toEqual([{ minBookingLength: 10, maxBookingLength: 90 }])
      await setSettings(defaults)
    })
  })
})

async function waitForLockWaiter(db: Database): Promise<void> {
  for (;;) {
    const { rows } = await db.query<{ waiting: boolean }>(
      `select exists (select 1 from pg_stat_activity
                       where datname = current_database() and wait_event_type = 'Lock') as waiting`,
    )
    if (rows[0].waiting) return
  }
}

describe('the finite-amounts migration', () => {
  it('lets a database that already holds a NaN price start, and refuses that row until it is fixed', async () => {
    const db = await openPglite()
    const finite = MIGRATIONS.find((m) => m.name === 'amounts_are_finite')!
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < finite.version),
      )
      const cabinId = await addCabin(db, { regularPrice: 'NaN' })

      expect(await migrate(db)).toContain(finite.version)
      await expect(
        db.query(`update public.cabins set name = 'Renamed' where id = $1`, [cabinId]),
      ).rejects.toMatchObject({ code: '23514' })
      const { affectedRows } = await db.query(`update public.cabins set "regularPrice" = 250 where id = $1`, [
        cabinId,
      ])
      expect(affectedRows).toBe(1)
    } finally {
      await db.close()
    }
  })
})
