import { randomUUID } from 'node:crypto'
import { addDays } from '@shared/domain/format'
import type { RequestClaims } from '../../src/server/db/requestContext'
import type { Queryable } from '../../src/server/db/types'

/** Test support: rows that satisfy the database's rules unless a test overrides a field on purpose. */

let counter = 0
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`

export async function insertRow(db: Queryable, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row)
  const { rows } = await db.query<{ id: number }>(
    `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(row),
  )
  return rows[0].id
}

export function addCabin(db: Queryable, fields: Record<string, unknown> = {}): Promise<number> {
  return insertRow(db, 'public.cabins', {
    name: unique('cabin'),
    maxCapacity: 6,
    regularPrice: 200,
    discount: 20,
    description: 'Test cabin',
    ...fields,
  })
}

export function addGuest(db: Queryable, fields: Record<string, unknown> = {}): Promise<number> {
  return insertRow(db, 'public.guests', {
    fullName: unique('Guest'),
    email: `${unique('guest')}@example.com`,
    nationality: 'Portugal',
    nationalID: '123456',
    countryFlag: 'https://flagcdn.com/pt.svg',
    ...fields,
  })
}

export interface StayInput {
  cabinId: number
  guestId: number
  startDate: string
  nights: number
  numGuests?: number
  /** Breakfast priced at this settings price (15 unless a test changed the settings). */
  breakfastPrice?: number
  fields?: Record<string, unknown>
}

/** A booking row whose nights, prices and breakfast agree with each other. */
export function bookingRow(stay: StayInput): Record<string, unknown> {
  const numGuests = stay.numGuests ?? 2
  const cabinPrice = stay.nights * 180
  const extrasPrice = stay.breakfastPrice === undefined ? 0 : stay.breakfastPrice * stay.nights * numGuests
  return {
    startDate: stay.startDate,
    endDate: addDays(stay.startDate, stay.nights),
    numNights: stay.nights,
    numGuests,
    cabinPrice,
    extrasPrice,
    totalPrice: cabinPrice + extrasPrice,
    hasBreakfast: stay.breakfastPrice !== undefined,
    status: 'unconfirmed',
    isPaid: false,
    cabinId: stay.cabinId,
    guestId: stay.guestId,
    ...stay.fields,
  }
}

export function addBooking(db: Queryable, stay: StayInput): Promise<number> {
  return insertRow(db, 'public.bookings', bookingRow(stay))
}

/** An auth user as the auth server inserts one at sign-up (fires the invite trigger). */
export async function addUser(
  db: Queryable,
  email = `${unique('user')}@example.com`,
  userMetadata: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID()
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, 'x', now(), '{}', $3::jsonb)`,
    [id, email, JSON.stringify(userMetadata)],
  )
  return id
}

export type StaffRole = 'admin' | 'front desk'

/** A staff member; admin unless a test asks for the front desk. */
export async function addStaffUser(db: Queryable, role: StaffRole = 'admin'): Promise<string> {
  const id = await addUser(db)
  await db.query('insert into public.staff (user_id, role) values ($1, $2)', [id, role])
  return id
}

export function userClaims(userId: string): RequestClaims {
  return { role: 'authenticated', sub: userId, email: `${userId}@example.com`, aud: 'authenticated' }
}
