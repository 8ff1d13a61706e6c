import type { Logger } from '../http/log'
import type { Database } from './types'

/*
 * PGlite runs no autovacuum. Without statistics its planner may scan whole tables where an index would
 * do; without vacuum, index-only scans visit the table and dead rows pile up. PostgreSQL servers do
 * all this themselves, so everything here is for PGlite only.
 */

/** The tables the screens read most, vacuumed at every start. */
const START_TABLES = [
  'public.bookings',
  'public.booking_counts',
  'public.cabins',
  'public.guests',
  'storage.objects',
  'auth.users',
]

/** How often the server looks for tables due for maintenance while it runs. */
export const MAINTENANCE_INTERVAL_MS = 60_000

/**
 * At start: vacuum, which skips the pages nothing changed on (cheap at any size) and clears what the
 * last session left (PGlite does not keep its change counts across restarts), and analyse only the
 * tables that have no statistics yet: a new, seeded or upgraded database. Statistics are kept on disk,
 * so analysing 500 000 bookings again at every start (~0.8 s) would buy nothing; keeping them fresh
 * while the app runs is `maintainWhereDue`'s work.
 */
export async function maintainAtStart(db: Database): Promise<void> {
  if (db.kind !== 'pglite') return
  await db.exec(`vacuum ${START_TABLES.join(', ')}`)
  const { rows } = await db.query<{ name: string }>(
    `select name from unnest($1::text[]) as t(name)
      where not exists (select 1 from pg_catalog.pg_statistic s where s.starelid = name::regclass)`,
    [START_TABLES],
  )
  if (rows.length > 0) await db.exec(`analyze ${rows.map((row) => row.name).join(', ')}`)
}

export interface TableMaintenance {
  table: string
  vacuum: boolean
  analyze: boolean
}

/**
 * Vacuums and analyses the tables that changed enough since their last maintenance in this session, by
 * autovacuum's default thresholds: vacuum after 50 + 20 % dead rows or 1 000 + 20 % inserted rows,
 * analyse after 50 + 10 % changed rows. Returns what it did.
 */
export async function maintainWhereDue(db: Database): Promise<TableMaintenance[]> {
  const { rows } = await db.query<TableMaintenance>(
    `select format('%I.%I', s.schemaname, s.relname) as "table",
            s.n_dead_tup > 50 + 0.2 * c.tuples or s.n_ins_since_vacuum > 1000 + 0.2 * c.tuples as vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * c.tuples as analyze
       from pg_catalog.pg_stat_user_tables s
       cross join lateral (
         select greatest(reltuples, 0) as tuples from pg_catalog.pg_class where oid = s.relid
       ) c
      where s.schemaname in ('public', 'auth', 'storage')
      order by 1`,
  )
  const due = rows.filter((row) => row.vacuum || row.analyze)
  for (const { table, vacuum, analyze } of due) {
    await db.exec(vacuum ? `vacuum ${analyze ? '(analyze) ' : ''}${table}` : `analyze ${table}`)
  }
  return due
}

export interface MaintenanceSchedule {
  /** No further runs; resolves once a running one has finished. */
  stop(): Promise<void>
}

/** `maintainWhereDue` every intervalMs (never two at once); what it did, or its failure, is logged. */
export function scheduleMaintenance(
  db: Database,
  logger: Logger,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): MaintenanceSchedule {
  let running: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    running = running
      .then(() => maintainWhereDue(db))
      .then((done) => {
        if (done.length > 0) logger.info('database maintained', { tables: done })
      })
      .catch((error: unknown) => logger.error('database maintenance failed', error))
  }, intervalMs)
  // Never the reason the process stays alive.
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
