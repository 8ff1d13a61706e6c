import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Logger } from '../http/log'
import { maintainAtStart, maintainWhereDue, scheduleMaintenance } from './maintenance'
import { addGuest } from '../../../tests/harness/testFixtures'
import { createTestDatabase, type TestDatabase } from '../../../tests/harness/testDatabases'
import type { Database } from './types'

/** The planner's picture of guests' nationalities: changes only when the table is analysed. */
async function nationalityStatistics(db: Database) {
  const { rows } = await db.query<{ values: string | null }>(
    `select most_common_vals::text as values from pg_catalog.pg_stats
      where schemaname = 'public' and tablename = 'guests' and attname = 'nationality'`,
  )
  return rows[0]?.values ?? null
}

/** PGlite publishes a session's change counts about once a second. */
async function changesCounted(db: Database, table: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const { rows } = await db.query<{ changes: number }>(
      `select (n_mod_since_analyze + n_dead_tup)::int as changes from pg_catalog.pg_stat_user_tables
        where relid = $1::regclass`,
      [table],
    )
    if ((rows[0]?.changes ?? 0) >= atLeast) return
    if (Date.now() > deadline) throw new Error(`${table}: ${atLeast} changes never showed in the statistics`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const addGuests = async (db: Database, count: number, nationality: string) => {
  for (let i = 0; i < count; i++) await addGuest(db, { nationality })
}

const ACTIVITY_LOG_ANALYSED = { table: 'public.activity_log', vacuum: false, analyze: true }

describe('PGlite maintenance', () => {
  let handle: TestDatabase
  let db: Database
  beforeEach(async () => {
    handle = await createTestDatabase('pglite')
    db = handle.db
  })
  afterEach(() => handle.drop())

  it('at start, analyses the tables without statistics and leaves the others as they are', async () => {
    await addGuests(db, 3, 'Portugal')
    expect(await nationalityStatistics(db)).toBeNull()
    await maintainAtStart(db)
    expect(await nationalityStatistics(db)).toBe('{Portugal}')

    await addGuests(db, 5, 'Norway')
    await maintainAtStart(db)
    expect(await nationalityStatistics(db)).toBe('{Portugal}')
  })

  it('while running, vacuums and analyses only the tables that changed enough', async () => {
    await addGuests(db, 3, 'Portugal')
    await maintainAtStart(db)
    expect(await maintainWhereDue(db)).toEqual([])

    // 80 new rows in a table of 3: past 50 + 10 % changed, so analysed; below 1 000 + 20 % inserted.
    // Each change also writes an entry of the activity log, only ever inserted: analysed, never vacuumed.
    await addGuests(db, 80, 'Norway')
    await changesCounted(db, 'public.guests', 80)
    expect(await maintainWhereDue(db)).toEqual([
      ACTIVITY_LOG_ANALYSED,
      { table: 'public.guests', vacuum: false, analyze: true },
    ])
    expect(await nationalityStatistics(db)).toContain('Norway')

    await db.query(`delete from public.guests where nationality = 'Norway'`)
    await changesCounted(db, 'public.guests', 80)
    expect(await maintainWhereDue(db)).toEqual([
      ACTIVITY_LOG_ANALYSED,
      { table: 'public.guests', vacuum: true, analyze: true },
    ])
    expect(await nationalityStatistics(db)).toBe('{Portugal}')
    expect(await maintainWhereDue(db)).toEqual([])
  })

  it('runs on a schedule, logs what it did, and stops', async () => {
    const maintained: unknown[] = []
    const logger: Logger = {
      request: () => {},
      error: (message, error) => maintained.push({ message, error }),
      info: (message, fields) => maintained.push({ message, ...fields }),
    }
    await maintainAtStart(db)
    const schedule = scheduleMaintenance(db, logger, 100)
    await addGuests(db, 80, 'Norway')
    await expect
      .poll(() => maintained, { timeout: 10_000 })
      .toEqual([
        {
          message: 'database maintained',
          tables: [ACTIVITY_LOG_ANALYSED, { table: 'public.guests', vacuum: false, analyze: true }],
        },
      ])
    await schedule.stop()
  })
})
