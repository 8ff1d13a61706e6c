import type { Queryable } from '../../../src/server/db/types'

/**
 * What the data rules promise about the stored rows, read straight from the database, so a write that
 * slipped past a rule is found whichever way it came in. Each query returns the rows that break one
 * promise; the comparisons are guarded so that a broken row is reported, never an error.
 */
const NOT_FINITE = `in ('NaN', 'Infinity', '-Infinity')`

const PROMISES: { name: string; sql: string }[] = [
  {
    name: 'bookings with invalid dates, nights, guests, prices or status',
    sql: `select to_json(b)::text as row from public.bookings b
          where case
            when not (isfinite("startDate") and isfinite("endDate")) then true
            when "cabinPrice" ${NOT_FINITE} or "extrasPrice" ${NOT_FINITE}
              or "totalPrice" ${NOT_FINITE} then true
            else not (status in ('unconfirmed', 'checked-in', 'checked-out', 'cancelled')
              and "endDate" > "startDate" and "numNights" = "endDate" - "startDate" and "numGuests" >= 1
              and "cabinPrice" >= 0 and "extrasPrice" >= 0 and "totalPrice" = "cabinPrice" + "extrasPrice"
              and (status in ('unconfirmed', 'cancelled') or "isPaid"))
          end`,
  },
  {
    // A cancelled booking holds no nights.
    name: 'a cabin booked twice for a night',
    sql: `select format('%s and %s', a.id, b.id) as row from public.bookings a
          join public.bookings b on b."cabinId" = a."cabinId" and b.id > a.id
          where a.status <> 'cancelled' and b.status <> 'cancelled' and case when a."startDate" < a."endDate" and b."startDate" < b."endDate"
            then daterange(a."startDate", a."endDate") && daterange(b."startDate", b."endDate")
            else false end`,
  },
  {
    name: 'cabins with an invalid name, capacity or price',
    sql: `select to_json(c)::text as row from public.cabins c
          where case
            when "regularPrice" ${NOT_FINITE} or discount ${NOT_FINITE} then true
            else not (btrim(name) <> '' and "maxCapacity" >= 1 and "regularPrice" >= 1
              and discount >= 0 and discount <= "regularPrice")
          end`,
  },
  {
    name: 'settings other than one valid row',
    sql: `select to_json(s)::text as row from public.settings s
          where id <> 1 or case
            when "breakfastPrice" ${NOT_FINITE} then true
            else not ("minBookingLength" >= 1 and "maxBookingLength" >= 1 and "maxGuestsPerBooking" >= 1
              and "breakfastPrice" > 0 and "minBookingLength" <= "maxBookingLength")
          end
          union all
          select 'no settings row' where not exists (select 1 from public.settings)`,
  },
  {
    name: 'booking_counts that differ from the bookings',
    sql: `select format('%s: kept %s, counted %s',
            coalesce(kept.status, counted.status), kept.total, counted.n) as row
          from (select status, total from public.booking_counts where total <> 0) kept
          full join (select status, count(*) as n from public.bookings group by status) counted
            on counted.status = kept.status
          where kept.total is distinct from counted.n`,
  },
]

/** The bookings before a run: which exist, and what is history of those already checked out. */
export interface BookingsBefore {
  ids: string[]
  checkedOut: Map<string, string>
}

const HISTORY = `select id::text as id, json_build_array("startDate", "endDate", "numNights", "cabinId",
  "guestId", "numGuests", "hasBreakfast", "cabinPrice", "extrasPrice", "totalPrice")::text as history
  from public.bookings`

export async function bookingsBefore(db: Queryable): Promise<BookingsBefore> {
  const { rows: ids } = await db.query<{ id: string }>('select id::text as id from public.bookings')
  const { rows } = await db.query<{ id: string; history: string }>(`${HISTORY} where status = 'checked-out'`)
  return { ids: ids.map((row) => row.id), checkedOut: new Map(rows.map((row) => [row.id, row.history])) }
}

/**
 * Every broken promise, as "promise: row". Beyond the rows' own rules: a booking made during the run
 * started unconfirmed (a stay is checked in at the desk, not inserted as checked in), and a stay that
 * was checked out kept its dates, cabin, guests, breakfast and amounts (they are history).
 */
export async function brokenDataRules(db: Queryable, before: BookingsBefore): Promise<string[]> {
  const broken: string[] = []
  for (const { name, sql } of PROMISES) {
    const { rows } = await db.query<{ row: string }>(sql)
    broken.push(...rows.map((r) => `${name}: ${r.row.slice(0, 300)}`))
  }
  const { rows: born } = await db.query<{ row: string }>(
    `select to_json(b)::text as row from public.bookings b
     where status <> 'unconfirmed' and not (id::text = any($1::text[]))`,
    [before.ids],
  )
  broken.push(...born.map((r) => `a booking inserted as checked in or out: ${r.row.slice(0, 300)}`))
  const { rows: now } = await db.query<{ id: string; history: string }>(
    `${HISTORY} where id::text = any($1::text[])`,
    [[...before.checkedOut.keys()]],
  )
  for (const { id, history } of now) {
    const was = before.checkedOut.get(id)
    if (history !== was) broken.push(`a checked-out stay's history changed: ${id} ${was} → ${history}`)
  }
  return broken
}
