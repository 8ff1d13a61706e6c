import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/shared/database.types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 7, concurrency: what two desks (or twenty clicks) do at the same moment. On PostgreSQL the
 * requests really run in parallel on separate connections; on PGlite they queue on its one connection,
 * which must give the same answers. supabase-js calls are made exactly as the app makes them.
 */
const RACERS = 20
const SETTINGS_ROUNDS = 10

describe.each(testDatabaseKinds())('concurrency on %s', (kind) => {
  let server: TestServer
  /** One signed-in client per desk, so requests do not share anything but the server. */
  const desks: SupabaseClient<Database>[] = []
  const results: string[] = []

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    for (let i = 0; i < RACERS; i++) {
      const desk = server.client()
      const { error } = await desk.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
      expect(error).toBeNull()
      desks.push(desk)
    }
  })

  afterAll(async () => {
    await server?.stop()
    console.log(`concurrency (${kind}): ${results.join('; ')}`)
  })

  it(`${RACERS} simultaneous check-ins of one booking: exactly one succeeds`, async () => {
    const { data: booking } = await desks[0]
      .from('bookings')
      .select('id')
      .eq('status', 'unconfirmed')
      .limit(1)
      .single()
    expect(booking).toBeTruthy()

    const attempts = await Promise.all(
      desks.map((desk) =>
        desk
          .from('bookings')
          .update({ status: 'checked-in', isPaid: true })
          .eq('id', booking!.id)
          .select()
          .single(),
      ),
    )
    const succeeded = attempts.filter((attempt) => attempt.error === null)
    expect(succeeded).toHaveLength(1)
    for (const failed of attempts.filter((attempt) => attempt.error !== null)) {
      expect(failed.error!.message).toMatch(/already checked in/)
    }
    const { data } = await desks[0].from('bookings').select('status').eq('id', booking!.id).single()
    expect(data!.status).toBe('checked-in')
    results.push(`${RACERS} check-ins → ${succeeded.length} succeeded`)
  })

  it(`${RACERS} simultaneous overlapping bookings of one cabin: exactly one is stored`, async () => {
    const { data: cabin } = await desks[0].from('cabins').select('id, regularPrice').limit(1).single()
    const { data: guest } = await desks[0].from('guests').select('id').limit(1).single()
    // Far beyond the demo data; stays of 4 nights starting 0-3 days apart all overlap one another.
    const start = (offset: number) => `2031-03-${String(10 + offset).padStart(2, '0')}`
    const attempts = await Promise.all(
      desks.map((desk, i) =>
        desk
          .from('bookings')
          .insert({
            startDate: start(i % 4),
            endDate: start((i % 4) + 4),
            numNights: 4,
            numGuests: 1,
            cabinPrice: 400,
            extrasPrice: 0,
            totalPrice: 400,
            status: 'unconfirmed',
            hasBreakfast: false,
            isPaid: false,
            observations: `race ${i}`,
            cabinId: cabin!.id,
            guestId: guest!.id,
          })
          .select()
          .single(),
      ),
    )
    const succeeded = attempts.filter((attempt) => attempt.error === null)
    expect(succeeded).toHaveLength(1)
    for (const failed of attempts.filter((attempt) => attempt.error !== null)) {
      expect(failed.error!.code).toBe('23P01')
    }
    const { count } = await desks[0]
      .from('bookings')
      .select('id', { count: 'exact', head: true })
      .eq('cabinId', cabin!.id)
      .gte('startDate', start(0))
      .lte('startDate', start(3))
    expect(count).toBe(1)
    results.push(`${RACERS} overlapping bookings → ${count} stored`)
  })

  it('settings edited from two desks crosswise never end with min > max', async () => {
    const settings = () => desks[0].from('settings')
    const read = async () =>
      (await settings().select('minBookingLength, maxBookingLength').eq('id', 1).single()).data!
    let refusals = 0
    for (let round = 0; round < SETTINGS_ROUNDS; round++) {
      expect(
        (await settings().update({ minBookingLength: 3, maxBookingLength: 10 }).eq('id', 1)).error,
      ).toBeNull()
      // Each edit is valid against what its desk saw; together they would cross. Half the rounds raise
      // the minimum first, half lower the maximum first, and the other 18 desks pile on.
      const raiseMin = (desk: SupabaseClient<Database>, value: number) =>
        desk.from('settings').update({ minBookingLength: value }).eq('id', 1).select()
      const lowerMax = (desk: SupabaseClient<Database>, value: number) =>
        desk.from('settings').update({ maxBookingLength: value }).eq('id', 1).select()
      const edits = desks.map((desk, i) =>
        (i + round) % 2 === 0 ? raiseMin(desk, 6 + (i % 5)) : lowerMax(desk, 3 + (i % 5)),
      )
      const outcomes = await Promise.all(edits)
      refusals += outcomes.filter((outcome) => outcome.error !== null).length
      for (const failed of outcomes.filter((outcome) => outcome.error !== null)) {
        expect(failed.error!.message).toMatch(/cannot be more than the maximum/)
      }
      const after = await read()
      expect(after.minBookingLength).toBeLessThanOrEqual(after.maxBookingLength)
    }
    await settings().update({ minBookingLength: 3, maxBookingLength: 90 }).eq('id', 1)
    expect(refusals).toBeGreaterThan(0)
    results.push(
      `${SETTINGS_ROUNDS} rounds of ${RACERS} crosswise settings edits → min ≤ max always (${refusals} refused)`,
    )
  })
})
