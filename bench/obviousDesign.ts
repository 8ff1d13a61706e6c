import { addDays, daysBetween } from '@shared/domain/format'
import { STAY_BUCKETS, stayBucketIndex } from '@shared/domain/stays'
import type { Dashboard } from '../src/renderer/src/features/dashboard/service'
import { supabase } from './appClient'
import type { DeskDay } from './appFigures'

/** The backend returns at most this many rows a request (db-max-rows), so downloads go page by page. */
const PAGE_ROWS = 1000

interface SoldBooking {
  created_at: string
  totalPrice: number
  extrasPrice: number
}

interface Stay {
  startDate: string
  endDate: string
  numNights: number
}

/**
 * The original course app's dashboard, made correct: it downloads every booking created in the
 * period, every confirmed stay touching it, today's activity and all cabins with supabase-js (the
 * four queries at once, as its hooks ran them, each paged past the 1 000-row limit), then computes
 * the figures in JavaScript by get_dashboard's definitions, so both answers can be compared.
 */
/** Today's arrivals and departures as the original app listed them beside its figures. */
interface ObviousTodayRow {
  id: number
  status: string
  numNights: number
  guests: { fullName: string; nationality: string; countryFlag: string | null }
}

export async function obviousDashboard(
  { today, timeZone }: DeskDay,
  days: number,
): Promise<Dashboard & { today: ObviousTodayRow[] }> {
  const from = addDays(today, -(days - 1))
  // Creation times are compared as local dates in JavaScript: a day of margin on either side in UTC.
  const [sold, stays, todayRows, cabins] = await Promise.all([
    downloadAll<SoldBooking>((first, last) =>
      supabase()
        .from('bookings')
        .select('id, created_at, totalPrice, extrasPrice')
        .gte('created_at', `${addDays(from, -1)}T00:00:00Z`)
        .lt('created_at', `${addDays(today, 2)}T00:00:00Z`)
        .order('id')
        .range(first, last),
    ),
    downloadAll<Stay>((first, last) =>
      supabase()
        .from('bookings')
        .select('*, guests(fullName)')
        .neq('status', 'unconfirmed')
        .gt('endDate', from)
        .lte('startDate', today)
        .order('id')
        .range(first, last),
    ),
    downloadAll<ObviousTodayRow & { created_at: string }>((first, last) =>
      supabase()
        .from('bookings')
        .select('*, guests(fullName, nationality, countryFlag)')
        .or(`and(status.eq.unconfirmed,startDate.eq.${today}),and(status.eq.checked-in,endDate.eq.${today})`)
        .order('id')
        .range(first, last),
    ),
    downloadAll<{ id: number }>((first, last) =>
      supabase().from('cabins').select('*').order('id').range(first, last),
    ),
  ])

  const localDate = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const salesByDate = new Map<string, { totalSales: number; extrasSales: number }>()
  for (let i = 0; i < days; i++) salesByDate.set(addDays(from, i), { totalSales: 0, extrasSales: 0 })
  let bookings = 0
  let sales = 0
  for (const booking of sold) {
    const day = salesByDate.get(localDate.format(new Date(booking.created_at)))
    if (!day) continue
    bookings++
    sales += booking.totalPrice
    day.totalSales += booking.totalPrice
    day.extrasSales += booking.extrasPrice
  }

  const durations = STAY_BUCKETS.map(() => 0)
  let checkIns = 0
  let nights = 0
  const dayAfter = addDays(today, 1)
  for (const stay of stays) {
    const start = stay.startDate > from ? stay.startDate : from
    const end = stay.endDate < dayAfter ? stay.endDate : dayAfter
    nights += daysBetween(start, end)
    if (stay.startDate >= from) {
      checkIns++
      durations[stayBucketIndex(stay.numNights)]++
    }
  }
  const cabinCount = cabins.length

  return {
    stats: {
      bookings,
      sales,
      checkIns,
      occupancyRate: cabinCount === 0 ? 0 : Math.min(1, nights / (days * cabinCount)),
      cabinCount,
    },
    salesByDay: [...salesByDate].map(([date, day]) => ({ date, ...day })),
    stayDurations: durations
      .map((value, i) => ({ duration: STAY_BUCKETS[i], value }))
      .filter((bucket) => bucket.value > 0),
    today: todayRows
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
      .map(({ id, status, numNights, guests }) => ({ id, status, numNights, guests })),
  }
}

type Page = PromiseLike<{ data: unknown[] | null; error: { message: string } | null }>

/** Every row of a query, one page of rows `first`..`last` after the other. */
async function downloadAll<Row>(page: (first: number, last: number) => Page): Promise<Row[]> {
  const rows: Row[] = []
  for (let first = 0; ; first += PAGE_ROWS) {
    const { data, error } = await page(first, first + PAGE_ROWS - 1)
    if (error) throw new Error(`The obvious design's download failed: ${error.message}`)
    rows.push(...(data as Row[]))
    if ((data?.length ?? 0) < PAGE_ROWS) return rows
  }
}

/** Where two dashboards differ (money to the cent), or nothing. */
export function sameFigures(a: Dashboard, b: Dashboard): string[] {
  const differences: string[] = []
  const money = (x: number) => Math.round(x * 100)
  for (const key of ['bookings', 'checkIns', 'occupancyRate', 'cabinCount'] as const) {
    if (a.stats[key] !== b.stats[key]) differences.push(`${key} ${a.stats[key]} ≠ ${b.stats[key]}`)
  }
  if (money(a.stats.sales) !== money(b.stats.sales))
    differences.push(`sales ${a.stats.sales} ≠ ${b.stats.sales}`)
  const days = (d: Dashboard) =>
    d.salesByDay.map((s) => `${s.date}:${money(s.totalSales)}:${money(s.extrasSales)}`)
  if (days(a).join() !== days(b).join()) differences.push('salesByDay')
  if (JSON.stringify(a.stayDurations) !== JSON.stringify(b.stayDurations)) differences.push('stayDurations')
  return differences
}
