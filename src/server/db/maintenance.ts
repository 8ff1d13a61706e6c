import type { Database } from './types'

/**
 * PGlite runs no autovacuum: without this its planner has no statistics (and may scan whole tables
 * where an index would do) and index-only scans have to visit the table anyway. PostgreSQL servers
 * do this themselves. Cheap for the app's tables; the server runs it at start and may repeat it.
 */
export async function maintainDatabase(db: Database): Promise<void> {
  if (db.kind === 'pglite') {
    await db.exec(
      'vacuum (analyze) public.bookings, public.cabins, public.guests, storage.objects, auth.users',
    )
  }
}
