import { withRequestRole } from '../src/server/db/requestContext'
import type { Database } from '../src/server/db/types'
import type { DeskDay } from './appFigures'
import { summarize, timeCalls, warmUp, WARM_UP_MS, type Latency } from './stats'

/**
 * get_dashboard run straight on the database, as the staff member in one transaction (what the REST
 * layer does around it, minus HTTP, JWT, routing, JSON and supabase-js): the denominator of the
 * end-to-end overhead.
 */
export async function directDashboard(db: Database, desk: DeskDay, runs: number): Promise<Latency> {
  const { rows } = await db.query<{ id: string }>(
    'select u.id from auth.users u join public.staff s on s.user_id = u.id limit 1',
  )
  const claims = { role: 'authenticated', sub: rows[0].id, aud: 'authenticated' }
  const call = () =>
    withRequestRole(db, claims, (tx) =>
      tx.query('select public.get_dashboard($1::date, $2::integer, $3::text)::text as body', [
        desk.today,
        90,
        desk.timeZone,
      ]),
    )
  await warmUp(call, WARM_UP_MS)
  return summarize(await timeCalls(call, { warmup: 0, runs }))
}
