import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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

/** The vacuum a session's start or its clean close runs (`maintainAtStart`, `closeMaintained`). */
const VACUUM_SESSION_TABLES = `vacuum ${START_TABLES.join(', ')}`

/**
 * At start: vacuum, which skips the pages nothing changed on and clears what the last session left
 * (PGlite does not keep its change counts across restarts), unless that session's close did it
 * already (`closeMaintained`); and analyse only the tables that have no statistics yet: a new, seeded
 * or upgraded database. Statistics are kept on disk, so analysing 500 000 bookings again at every
 * start (~0.8 s) would buy nothing; keeping them fresh while the app runs is `maintainWhereDue`'s work.
 */
export async function maintainAtStart(
  db: Database,
  { vacuum = true }: { vacuum?: boolean } = {},
): Promise<void> {
  if (db.kind !== 'pglite') return
  if (vacuum) await db.exec(VACUUM_SESSION_TABLES)
  const { rows } = await db.query<{ name: string }>(
    `select name from unnest($1::text[]) as t(name)
      where not exists (select 1 from pg_catalog.pg_statistic s where s.starelid = name::regclass)`,
    [START_TABLES],
  )
  if (rows.length > 0) await db.exec(`analyze ${rows.map((row) => row.name).join(', ')}`)
}

/**
 * The server's close of a PGlite cluster in `pgdata`: the start vacuum moved to the end of the session,
 * where nobody waits for it (the window is gone), then the usual clean close, then a mark that lets
 * the next start skip its vacuum (`takeVacuumedAtClose`). The vacuum costs a large property's start
 * most of a second even when nothing changed: vacuum skips unchanged table pages, but scans the
 * bookings' GiST and the guests' trigram indexes whole at every run. Without the mark (a crash, a
 * close by a script, an older version) the next start vacuums as before.
 */
export async function closeMaintained(db: Database, pgdata: string, logger: Logger): Promise<void> {
  let vacuumed = false
  if (db.kind === 'pglite') {
    try {
      await db.exec(VACUUM_SESSION_TABLES)
      vacuumed = true
    } catch (error) {
      logger.error('database maintenance failed', error)
    }
  }
  await db.close()
  if (vacuumed) await writeFile(vacuumedMark(pgdata), 'Vacuumed at its last clean close.\n')
}

/**
 * Whether the cluster's last close vacuumed it (`closeMaintained`); removes the mark, so a session
 * that then ends without it (a crash) leaves the next start to vacuum. The mark is not synced: losing
 * it in a power cut only costs one start its vacuum, and a stale one skips one start's vacuum, which
 * the session's close makes up; neither touches what is stored.
 */
export async function takeVacuumedAtClose(pgdata: string): Promise<boolean> {
  try {
    await rm(vacuumedMark(pgdata))
    return true
  } catch {
    return false
  }
}

function vacuumedMark(pgdata: string): string {
  return join(pgdata, 'innkeeper-vacuumed-at-close')
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
