import { addDays } from '@shared/domain/format'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, TINY_PNG, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 13, items 7-9 over HTTP with supabase-js: anon may no longer run is_staff yet still reads
 * empty lists and is refused writes as before; staff cannot store NaN or infinite amounts, book a stay
 * as already checked in or out, or rewrite a checked-out stay.
 */
const NOT_NUMBERS = ['NaN', 'Infinity', '-Infinity']
const TABLES = ['cabins', 'guests', 'bookings', 'settings', 'staff', 'staff_invites', 'booking_counts']
const summary: string[] = []

afterAll(() => {
  console.log(`data integrity: ${summary.join('; ')}`)
})

describe.each(testDatabaseKinds())('data integrity over HTTP on %s', (kind) => {
  let server: TestServer
  let anon: SupabaseClient
  let staff: SupabaseClient
  let cabinId: number
  let guestId: number

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    anon = server.client()
    staff = server.client()
    const { error } = await staff.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(error).toBeNull()
    const { data: cabins } = await staff.from('cabins').select('id').order('id').limit(1)
    const { data: guests } = await staff.from('guests').select('id').order('id').limit(1)
    cabinId = cabins![0].id as number
    guestId = guests![0].id as number
  })
  afterAll(() => server?.stop())

  /** A new unconfirmed stay of `nights` nights in the demo's first cabin, years after the demo's. */
  let nextStart = '2031-01-01'
  function newStay(fields: Record<string, unknown> = {}, nights = 4) {
    const startDate = nextStart
    nextStart = addDays(nextStart, nights + 10)
    return {
      startDate,
      endDate: addDays(startDate, nights),
      numNights: nights,
      numGuests: 1,
      cabinPrice: nights * 100,
      extrasPrice: 0,
      totalPrice: nights * 100,
      hasBreakfast: false,
      isPaid: false,
      cabinId,
      guestId,
      ...fields,
    }
  }
  async function book(fields: Record<string, unknown> = {}): Promise<number> {
    const { data, error } = await staff.from('bookings').insert(newStay(fields)).select('id').single()
    expect(error).toBeNull()
    return data!.id as number
  }

  describe('anon, without is_staff', () => {
    it('reads an empty list of every table, is refused writes with 42501, and cannot run is_staff', async () => {
      for (const table of TABLES) {
        const { data, error, status } = await anon.from(table).select('*')
        expect({ table, data, error, status }).toEqual({ table, data: [], error: null, status: 200 })
      }
      const insert = await anon
        .from('cabins')
        .insert({ name: 'Anon cabin', maxCapacity: 2, regularPrice: 100 })
      expect(insert.status).toBe(401)
      expect(insert.error).toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "cabins"',
      })
      const isStaff = await anon.rpc('is_staff')
      expect(isStaff.status).toBe(401)
      expect(isStaff.error).toMatchObject({
        code: '42501',
        message: 'permission denied for function is_staff',
      })
      expect((await staff.rpc('is_staff')).data).toBe(true)
      summary.push(`${kind}: anon reads ${TABLES.length} empty tables, is refused is_staff (401 42501)`)
    })

    it('still sees the public cabin pictures and may not upload any', async () => {
      const { data: cabins } = await staff.from('cabins').select('image').not('image', 'is', null).limit(1)
      expect((await fetch(cabins![0].image as string)).status).toBe(200)
      const upload = await anon.storage.from('cabin-images').upload('anon/evil.png', TINY_PNG, {
        contentType: 'image/png',
      })
      expect(upload.error).toMatchObject({ statusCode: '403' })
    })
  })

  describe('amounts', () => {
    it.each(NOT_NUMBERS)('refuses %s in every amount with 400 23514', async (value) => {
      const bookingId = await book()
      const attempts = {
        'new cabin price': () =>
          staff.from('cabins').insert({ name: `NaN ${value}`, maxCapacity: 2, regularPrice: value }),
        'cabin price and discount': () =>
          staff.from('cabins').update({ regularPrice: value, discount: value }).eq('id', cabinId),
        'new booking prices': () =>
          staff.from('bookings').insert(newStay({ cabinPrice: value, totalPrice: value })),
        'booking extras': () =>
          staff.from('bookings').update({ extrasPrice: value, totalPrice: value }).eq('id', bookingId),
        'every booking price': () =>
          staff
            .from('bookings')
            .update({ cabinPrice: value, extrasPrice: value, totalPrice: value })
            .eq('id', bookingId),
        'breakfast price': () => staff.from('settings').update({ breakfastPrice: value }).eq('id', 1),
      }
      for (const [what, attempt] of Object.entries(attempts)) {
        const { status, error } = await attempt()
        expect({ what, status, code: error?.code }).toEqual({ what, status: 400, code: '23514' })
      }
      const { data, error } = await staff.rpc('get_dashboard', { p_today: '2031-01-02', p_days: 90 })
      expect(error).toBeNull()
      expect(Number.isFinite((data as { stats: { sales: number } }).stats.sales)).toBe(true)
      summary.push(`${kind}: ${value} refused in ${Object.keys(attempts).length} amount writes`)
    })
  })

  describe('booking history', () => {
    it('refuses a new booking that is already checked in or out', async () => {
      for (const status of ['checked-in', 'checked-out']) {
        const { status: code, error } = await staff.from('bookings').insert(newStay({ status, isPaid: true }))
        expect(code).toBe(400)
        expect(error).toMatchObject({
          code: '23514',
          message: 'A new booking starts unconfirmed; check the guest in when they arrive',
        })
      }
      summary.push(`${kind}: bookings start unconfirmed`)
    })

    it('keeps a checked-out stay as it was, notes aside', async () => {
      const id = await book({ isPaid: true })
      for (const status of ['checked-in', 'checked-out']) {
        const { error } = await staff.from('bookings').update({ status }).eq('id', id)
        expect(error).toBeNull()
      }
      const { data: before } = await staff.from('bookings').select('*').eq('id', id).single()
      const { status, error } = await staff
        .from('bookings')
        .update({
          numNights: 5,
          endDate: addDays(before!.startDate as string, 5),
          cabinPrice: 500,
          totalPrice: 500,
        })
        .eq('id', id)
      expect(status).toBe(400)
      expect(error).toMatchObject({
        code: '23514',
        message: 'This stay is checked out: its dates, cabin, guests and prices can no longer change',
      })
      const noted = await staff
        .from('bookings')
        .update({ observations: 'Left a scarf' })
        .eq('id', id)
        .select()
      expect(noted.data).toEqual([{ ...before, observations: 'Left a scarf' }])
      summary.push(`${kind}: a checked-out stay's dates and prices are refused changes`)
    })
  })
})
