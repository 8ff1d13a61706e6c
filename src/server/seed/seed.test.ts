import { addDays, daysBetween } from '@shared/domain/format'
import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withRequestRole } from '../db/requestContext'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import {
  DEMO_CABINS,
  DEMO_FLAG_CODES,
  DEMO_GUESTS,
  DEMO_FRONT_DESK,
  DEMO_STAFF,
  demoObjects,
  planDemoBookings,
  seedDemo,
  type SeedResult,
} from '.'
import { DEMO_LEAD_DAYS, statusOn } from './demoData'

const TODAY = '2026-11-22'

/** The desk's calendar day of a timestamp: the seed runs beside the desk, in its time zone. */
function deskDate(iso: string): string {
  const date = new Date(iso)
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')
}

/**
 * How spread a dashboard period's sales must be: on at least `minDays` days, the busiest holding at
 * most `maxShare` of the period's sales (the old seed put every coming stay on yesterday: all of it).
 */
const SPREAD = [
  { days: 7, minDays: 3, maxShare: 0.5 },
  { days: 30, minDays: 10, maxShare: 0.2 },
  { days: 90, minDays: 30, maxShare: 0.1 },
]

function expectSpread({ days, minDays, maxShare }: (typeof SPREAD)[number], dailySales: number[]) {
  const sold = dailySales.filter((amount) => amount > 0)
  const total = sold.reduce((sum, amount) => sum + amount, 0)
  expect(sold.length, `days with sales in ${days} days`).toBeGreaterThanOrEqual(minDays)
  expect(Math.max(...sold) / total, `busiest day's share of ${days} days`).toBeLessThanOrEqual(maxShare)
}

describe('the demo booking plan', () => {
  // Month ends, a leap day and New Year's Eve: the plan must hold whatever day the demo starts.
  const days = [TODAY, '2027-01-31', '2028-02-29', '2026-12-31', '2027-03-01']

  it.each(days)('fills 90 days back and 30 ahead around %s, true to the dates', (today) => {
    const bookings = planDemoBookings(today)
    expect(bookings.length).toBeGreaterThanOrEqual(40)
    for (const b of bookings) {
      expect(b.startDate >= addDays(today, -90) && b.endDate <= addDays(today, 30)).toBe(true)
      expect(b.endDate).toBe(addDays(b.startDate, b.numNights))
      expect(b.numNights).toBeGreaterThanOrEqual(3)
      if (b.status !== 'cancelled') expect(b.status).toBe(statusOn(today, b.startDate, b.endDate))
      if (b.status === 'checked-in' || b.status === 'checked-out') expect(b.isPaid).toBe(true)
      expect(b.numGuests).toBeLessThanOrEqual(Math.min(DEMO_CABINS[b.cabinIndex].maxCapacity, 8))
      expect(b.totalPrice).toBe(b.cabinPrice + b.extrasPrice)
      expect(b.extrasPrice).toBe(b.hasBreakfast ? 15 * b.numNights * b.numGuests : 0)
      // Booked a few days to two months ahead, and before the desk's today began.
      expect(new Date(b.createdAt).getTime()).toBeLessThan(new Date(`${today}T00:00:00`).getTime())
      const lead = daysBetween(deskDate(b.createdAt), b.startDate)
      expect(lead).toBeGreaterThanOrEqual(DEMO_LEAD_DAYS.min)
      expect(lead).toBeLessThanOrEqual(DEMO_LEAD_DAYS.max)
    }
    const arrivals = bookings.filter((b) => b.status === 'unconfirmed' && b.startDate === today)
    const departures = bookings.filter((b) => b.status === 'checked-in' && b.endDate === today)
    expect(arrivals.length).toBeGreaterThanOrEqual(2)
    expect(departures.length).toBeGreaterThanOrEqual(2)
    expect(bookings.some((b) => b.status === 'checked-in' && b.startDate < today && b.endDate > today)).toBe(
      true,
    )

    // A few were called off, in the past and ahead, none to arrive or leave today.
    const cancelled = bookings.filter((b) => b.status === 'cancelled')
    expect(cancelled.length).toBeGreaterThanOrEqual(3)
    expect(cancelled.some((b) => b.startDate > today)).toBe(true)
    expect(cancelled.some((b) => b.endDate < today)).toBe(true)
    expect(cancelled.filter((b) => b.startDate === today || b.endDate === today)).toEqual([])

    // Cancelled stays hold no nights: the others never overlap.
    DEMO_CABINS.forEach((_, cabinIndex) => {
      const stays = bookings
        .filter((b) => b.cabinIndex === cabinIndex && b.status !== 'cancelled')
        .sort((x, y) => x.startDate.localeCompare(y.startDate))
      for (let i = 1; i < stays.length; i++) expect(stays[i].startDate >= stays[i - 1].endDate).toBe(true)
    })
  })

  it.each(days)('books the stays around %s over many days, as a real business sells', (today) => {
    const bookings = planDemoBookings(today)
    const leads = bookings.map((b) => daysBetween(deskDate(b.createdAt), b.startDate))
    // Mostly a few weeks ahead, some much earlier, some at the last minute.
    const median = [...leads].sort((x, y) => x - y)[Math.floor(leads.length / 2)]
    expect(median).toBeGreaterThanOrEqual(10)
    expect(median).toBeLessThanOrEqual(30)
    expect(leads.filter((lead) => lead <= 7).length).toBeGreaterThan(0)
    expect(leads.filter((lead) => lead >= 45).length).toBeGreaterThan(0)

    for (const period of SPREAD) {
      const from = addDays(today, -(period.days - 1))
      const sales = new Map<string, number>()
      for (const b of bookings.filter((b) => b.status !== 'cancelled')) {
        const day = deskDate(b.createdAt)
        if (day >= from && day <= today) sales.set(day, (sales.get(day) ?? 0) + b.totalPrice)
      }
      expectSpread(period, [...sales.values()])
    }
  })

  it('is the same every time for the same day', () => {
    expect(planDemoBookings(TODAY)).toEqual(planDemoBookings(TODAY))
  })

  it('lists the flag of every guest', () => {
    expect(DEMO_GUESTS).toHaveLength(30)
    expect(DEMO_GUESTS.map((g) => g.countryFlag)).toEqual(
      DEMO_FLAG_CODES.map((code) => `https://flagcdn.com/${code}.svg`),
    )
    expect(new Set(DEMO_GUESTS.map((g) => g.email)).size).toBe(30)
  })

  it('has a landscape PNG for every cabin', async () => {
    const objects = await demoObjects()
    expect(objects.map((o) => o.name)).toEqual(DEMO_CABINS.map((c) => c.image))
    for (const { bytes, mimetype, bucket } of objects) {
      expect([bucket, mimetype]).toEqual(['cabin-images', 'image/png'])
      const view = new DataView(bytes.buffer, bytes.byteOffset)
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([800, 533])
      expect(bytes.length).toBeLessThan(100_000)
    }
  })
})

describe.each(testDatabaseKinds())('seedDemo on %s', (kind) => {
  let handle: TestDatabase
  let result: SeedResult
  const stored: { bucket: string; name: string; size: number; mimetype: string }[] = []

  const options = {
    today: TODAY,
    publicUrlFor: (bucket: string, name: string) =>
      `http://127.0.0.1:4173/storage/v1/object/public/${bucket}/${name}`,
    putObject: async (bucket: string, name: string, bytes: Uint8Array, mimetype: string) => {
      stored.push({ bucket, name, size: bytes.length, mimetype })
    },
  }

  beforeAll(async () => {
    handle = await createTestDatabase(kind)
    result = await seedDemo(handle.db, options)
  })
  afterAll(() => handle.drop())

  it('fills an empty database and reports what it made', async () => {
    const bookings = planDemoBookings(TODAY).length
    expect(result).toMatchObject({ seeded: true, cabins: 8, guests: 30, bookings })
    const { rows } = await handle.db.query(
      `select (select count(*) from public.cabins) as cabins, (select count(*) from public.guests) as guests,
              (select count(*) from public.bookings) as bookings,
              (select row_to_json(s) from (select "minBookingLength", "maxBookingLength", "maxGuestsPerBooking",
                                                  "breakfastPrice" from public.settings) s) as settings`,
    )
    expect(rows).toEqual([
      {
        cabins: 8,
        guests: 30,
        bookings,
        settings: { minBookingLength: 3, maxBookingLength: 90, maxGuestsPerBooking: 8, breakfastPrice: 15 },
      },
    ])
  })

  it('stores the cancelled bookings, counted apart', async () => {
    const cancelled = planDemoBookings(TODAY).filter((b) => b.status === 'cancelled').length
    const { rows } = await handle.db.query(
      `select (select count(*) from public.bookings where status = 'cancelled') as stored,
              (select total from public.booking_counts where status = 'cancelled') as counted`,
    )
    expect(rows).toEqual([{ stored: cancelled, counted: cancelled }])
  })

  it('stores the pictures and points the cabins at their public URLs', async () => {
    expect(stored.map((o) => o.name)).toEqual(DEMO_CABINS.map((c) => c.image))
    const { rows } = await handle.db.query<{ image: string }>('select image from public.cabins order by name')
    expect(rows.map((r) => r.image)).toEqual(
      DEMO_CABINS.map((c) => `http://127.0.0.1:4173/storage/v1/object/public/cabin-images/${c.image}`),
    )
  })

  it('creates the demo receptionist as admin and a front-desk account', async () => {
    const { rows } = await handle.db.query<Record<string, unknown>>(
      `select u.email, u.encrypted_password, u.raw_user_meta_data, u.email_confirmed_at is not null as confirmed,
              (select count(*) from auth.identities i where i.user_id = u.id and i.provider = 'email') as identities,
              (select s.role from public.staff s where s.user_id = u.id) as role
         from auth.users u
        order by u.email`,
    )
    expect(rows).toHaveLength(2)
    const [admin, frontDesk] = rows
    expect(admin).toMatchObject({ email: DEMO_STAFF.email, confirmed: true, identities: 1, role: 'admin' })
    expect(admin.raw_user_meta_data).toMatchObject({ fullName: 'Demo Receptionist', avatar: '' })
    expect(frontDesk).toMatchObject({
      email: DEMO_FRONT_DESK.email,
      confirmed: true,
      identities: 1,
      role: 'front desk',
    })
    for (const [user, password] of [
      [admin, DEMO_STAFF.password],
      [frontDesk, DEMO_FRONT_DESK.password],
    ] as const) {
      expect(String(user.encrypted_password)).toMatch(/^\$2[aby]\$10\$/)
      expect(await bcrypt.compare(password, String(user.encrypted_password))).toBe(true)
    }
  })

  it('shows activity on the dashboard today', async () => {
    if (!result.seeded) throw new Error('not seeded')
    const claims = { role: 'authenticated', sub: result.staffUserId, email: DEMO_STAFF.email }
    const dashboard = await withRequestRole(handle.db, claims, async (tx) => {
      const { rows } = await tx.query<{ d: { today: { status: string }[]; stats: { bookings: number } } }>(
        `select public.get_dashboard($1, 7) as d`,
        [TODAY],
      )
      return rows[0].d
    })
    expect(dashboard.today.filter((t) => t.status === 'unconfirmed').length).toBeGreaterThanOrEqual(2)
    expect(dashboard.today.filter((t) => t.status === 'checked-in').length).toBeGreaterThanOrEqual(2)
    expect(dashboard.stats.bookings).toBeGreaterThan(0)
  })

  it.each(SPREAD)('spreads the sales of the last $days days over many days', async (period) => {
    if (!result.seeded) throw new Error('not seeded')
    const claims = { role: 'authenticated', sub: result.staffUserId, email: DEMO_STAFF.email }
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const salesByDay = await withRequestRole(handle.db, claims, async (tx) => {
      const { rows } = await tx.query<{ d: { salesByDay: { date: string; totalSales: number }[] } }>(
        `select public.get_dashboard($1, $2, $3) as d`,
        [TODAY, period.days, timeZone],
      )
      return rows[0].d.salesByDay
    })
    expect(salesByDay).toHaveLength(period.days)
    // Nothing is sold on a day that has not happened yet: the last day is the desk's today.
    expect(salesByDay.at(-1)?.date).toBe(TODAY)
    expectSpread(
      period,
      salesByDay.map((day) => day.totalSales),
    )
  })

  it('leaves a database that has data alone', async () => {
    stored.length = 0
    expect(await seedDemo(handle.db, options)).toEqual({ seeded: false })
    expect(stored).toEqual([])
  })
})
