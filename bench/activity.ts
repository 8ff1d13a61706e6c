import { getActivity, type ActivityQuery } from '../src/renderer/src/features/activity/service'
import { updateBooking } from '../src/renderer/src/features/bookings/service'
import type { Database } from '../src/server/db/types'
import { supabase } from './appClient'
import type { DeskDay } from './appFigures'
import { summarize, timeCalls, warmUp, WARM_UP_MS, type Latency } from './stats'

/** The activity log of the large property: a million entries over its ten years. */
export const LOG_ENTRIES = 1_000_000

/** The tables whose changes the log follows: their triggers are what the audit costs. */
const AUDITED = ['bookings', 'cabins', 'guests', 'settings', 'staff'] as const

/**
 * Turns the audit triggers off or on, as the database's owner. The bulk builds use it so that loading
 * ten years of bookings does not write an entry per row (the log is filled by `fillActivityLog`
 * instead), and the bench to measure what the triggers cost. The API can never do this.
 */
export async function setAuditTriggers(db: Pick<Database, 'exec'>, on: boolean): Promise<void> {
  for (const table of AUDITED)
    await db.exec(`alter table public.${table} ${on ? 'enable' : 'disable'} trigger log_activity`)
}

/**
 * Fills the log in SQL: `count` entries spread evenly over the ten years before now, in order of
 * creation, mostly bookings, 90 % by the staff member `userId` and the rest by no one (scripts).
 */
export async function fillActivityLog(db: Database, userId: string, count = LOG_ENTRIES): Promise<void> {
  await db.query(
    `insert into public.activity_log (created_at, user_id, user_email, user_name, table_name, row_id, action,
                                      changes)
     select now() - interval '1 second' * (315619200.0 * ($1::int - i) / $1::int), -- 3 653 days
            case when i % 10 = 0 then null else $2::uuid end,
            case when i % 10 = 0 then null else u.email end,
            case when i % 10 = 0 then null else u.raw_user_meta_data ->> 'fullName' end,
            t.name, (1 + i % 500000)::text, a.name,
            case a.name
              when 'update' then '{"status": {"old": "unconfirmed", "new": "checked-in"},
                                    "isPaid": {"old": false, "new": true}}'::jsonb
              when 'insert' then '{"status": {"new": "unconfirmed"}, "numNights": {"new": 3}}'::jsonb
              else '{}'::jsonb
            end
       from generate_series(1, $1::int) as i
       join auth.users u on u.id = $2::uuid
      cross join lateral (select (array['bookings', 'bookings', 'bookings', 'bookings', 'guests', 'guests',
                                        'cabins', 'settings', 'staff'])[1 + i % 9] as name) t
      cross join lateral (select (array['insert', 'update', 'update', 'delete'])[1 + (i / 9) % 4] as name) a
      order by i`,
    [count, userId],
  )
  await db.exec('vacuum (analyze) public.activity_log')
}

/**
 * The Activity screen's page 1 for each filter an admin uses (everyone, a person, a kind of record,
 * the last 30 days, a person and a kind, an old month) and page 5, as the screen asks for them.
 */
function activityLists(desk: DeskDay, userId: string): ActivityQuery[] {
  const all: ActivityQuery = { person: '', kind: '', from: '', to: '', page: 1 }
  const monthAgo = new Date(`${desk.today}T00:00:00Z`)
  monthAgo.setUTCDate(monthAgo.getUTCDate() - 30)
  return [
    all,
    { ...all, page: 5 },
    { ...all, person: userId },
    { ...all, kind: 'bookings' },
    { ...all, kind: 'settings' },
    { ...all, from: monthAgo.toISOString().slice(0, 10), to: desk.today },
    { ...all, person: userId, kind: 'guests' },
    { ...all, from: '2020-03-01', to: '2020-03-31', kind: 'cabins' },
  ]
}

/** The activity list over HTTP, rounds over every filter. */
export async function measureActivityList(desk: DeskDay, userId: string, runs: number): Promise<Latency> {
  const lists = activityLists(desk, userId)
  const page = async (query: ActivityQuery) => {
    const { entries } = await getActivity(query)
    if (entries.length === 0) throw new Error(`The activity list (${JSON.stringify(query)}) came back empty`)
  }
  await warmUp(async () => {
    for (const list of lists) await page(list)
  }, WARM_UP_MS)
  const listRuns = Math.max(runs, lists.length * 3)
  return summarize(await timeCalls((i) => page(lists[i % lists.length]), { warmup: 0, runs: listRuns }))
}

/** Unconfirmed bookings to check in, that no other figure touches: the latest stays first. */
export async function bookingsToCheckIn(count: number): Promise<number[]> {
  const { data, error } = await supabase()
    .from('bookings')
    .select('id')
    .eq('status', 'unconfirmed')
    .order('startDate', { ascending: false })
    .order('id', { ascending: false })
    .limit(count)
  if (error || data.length < count) throw new Error(`Not ${count} bookings to check in: ${error?.message}`)
  return data.map(({ id }) => id)
}

/** Check-ins as the check-in screen sends them (paid, status checked-in), one booking each. */
export async function timeCheckIns(bookingIds: readonly number[], runs: number): Promise<Latency> {
  const warmup = bookingIds.length - runs
  let next = 0
  return summarize(
    await timeCalls(() => updateBooking(bookingIds[next++], { status: 'checked-in', isPaid: true }), {
      warmup,
      runs,
    }),
  )
}

/** The create-booking and check-in figures, measured with the audit triggers off. */
export interface AuditFigures {
  createBooking: Latency
  checkIn: Latency
}

/** The activity log's figures at the large property. */
export interface ActivityFigures {
  /** The Activity screen's page over HTTP, every filter. */
  list: Latency
  /** Check-ins as the app sends them, with the triggers (the create-booking figure is reservations'). */
  checkIn: Latency
  untriggered: AuditFigures
  /** What the triggers add to each figure's median, as a share. */
  createBookingCost: number
  checkInCost: number
}

/** What the triggers add: the figure with them over the figure without, as a share (0.12 = 12 %). */
export function auditCost(withTriggers: Latency, withoutTriggers: Latency): number {
  return withTriggers.p50 / withoutTriggers.p50 - 1
}
