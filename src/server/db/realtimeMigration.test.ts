import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import { addCabin } from '../../../tests/harness/testFixtures'
import type { Database } from './types'

const APP_TABLES = ['activity_log', 'bookings', 'cabins', 'guests', 'settings', 'staff']

async function triggeredTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ table: string }>(
    `select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = 'realtime_changes' order by 1`,
  )
  return rows.map((row) => row.table)
}

async function publishedTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ table: string }>(
    `select tablename as "table" from pg_publication_tables where pubname = 'supabase_realtime' order by 1`,
  )
  return rows.map((row) => row.table)
}

/** Issue 19: …_realtime.sql publishes the app's tables where Supabase's Realtime runs, and notifies elsewhere. */
describe.each(testDatabaseKinds())('the realtime migration on %s', (kind) => {
  let embedded: TestDatabase
  let hosted: TestDatabase

  beforeAll(async () => {
    embedded = await createTestDatabase(kind)
    // What hosted Supabase has before any project migration: the publication, empty.
    hosted = await createTestDatabase(kind, {
      beforeMigrations: (db) => db.exec('create publication supabase_realtime'),
    })
  })
  afterAll(async () => {
    await embedded?.drop()
    await hosted?.drop()
  })

  it('sends every change of the app tables with pg_notify where there is no publication', async () => {
    expect(await triggeredTables(embedded.db)).toEqual(APP_TABLES)
    expect(await publishedTables(embedded.db)).toEqual([])
  })

  it('adds the app tables to supabase_realtime where it exists, and creates no trigger', async () => {
    expect(await publishedTables(hosted.db)).toEqual(APP_TABLES)
    expect(await triggeredTables(hosted.db)).toEqual([])
  })

  it('notifies the table, the operation, the key and the row, only the key for a row too big, nothing for a rollback', async () => {
    const notes: string[] = []
    const stop = await embedded.db.listen('innkeeper_realtime', (payload) => notes.push(payload))
    try {
      await embedded.db.query(
        `update public.settings set "minBookingLength" = "minBookingLength" where id = 1`,
      )
      await embedded.db
        .transaction(async (tx) => {
          await tx.query(
            `update public.cabins set description = repeat('x', 9000) where id = (select min(id) from public.cabins)`,
          )
          throw new Error('rolled back: never notified')
        })
        .catch(() => {})
      await addCabin(embedded.db, { description: 'y'.repeat(9000) })
      await expect.poll(() => notes.filter((note) => note.includes('"cabins"')).length).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await stop()
    }
    const parsed = notes.map((note) => JSON.parse(note) as Record<string, unknown>)
    expect(parsed.filter((note) => note.t === 'cabins')).toHaveLength(1)
    const big = parsed.find((note) => note.t === 'cabins')!
    expect(big).toMatchObject({ o: 'INSERT', k: { id: expect.any(Number) } })
    expect(big).not.toHaveProperty('r')
    expect(parsed.find((note) => note.t === 'settings')).toMatchObject({
      o: 'UPDATE',
      k: { id: 1 },
      r: { id: 1 },
    })
  })
})
