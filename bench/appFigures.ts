import {
  BOOKING_SORT_OPTIONS,
  BOOKING_STATUS_FILTERS,
  type BookingSortBy,
  type BookingStatusFilter,
} from '@shared/domain/bookings'
import { getBooking, getBookings } from '../src/renderer/src/features/bookings/service'
import { getDashboard, getTodayActivity } from '../src/renderer/src/features/dashboard/service'
import { obviousDashboard, sameFigures } from './obviousDesign'
import { summarize, timeCalls, warmUp, WARM_UP_MS, type Latency } from './stats'

export interface DeskDay {
  today: string
  timeZone: string
}

export interface ListFigures {
  /** Every sort and status filter together. */
  all: Latency
  /** Per sort, over the four status filters. */
  bySort: Record<BookingSortBy, Latency>
}

export interface AppFigures {
  dashboard90: Latency
  bookingsList: ListFigures
  bookingDetail: Latency
  todayActivity: Latency
  /** The obvious design's 90-day dashboard (download and compute in JS), when measured. */
  obvious90?: Latency
  /** Bookings created in the 90 days and today's arrivals and departures, for the record. */
  period: { bookings: number; todayActivities: number }
}

export interface Sizes {
  /** Timed calls per figure (after warm-up calls). */
  runs: number
  /** Timed runs of the obvious design (each downloads thousands of rows at 500k). */
  obviousRuns: number
}

/**
 * The calls the app makes, through the renderer's own services (dashboard, bookings list and detail)
 * on the bench's signed-in supabase-js client, timed one after another.
 */
export async function measureApp(desk: DeskDay, sizes: Sizes): Promise<AppFigures> {
  const { runs } = sizes
  const dashboard = () => getDashboard({ today: desk.today, days: 90, timeZone: desk.timeZone })
  const combos = BOOKING_SORT_OPTIONS.flatMap(({ value: sortBy }) =>
    BOOKING_STATUS_FILTERS.map(({ value: filter }) => ({ sortBy, filter })),
  )
  const ids = new Set<number>()
  await warmUp(async () => {
    await dashboard()
    for (const { sortBy, filter } of combos) await listPage(sortBy, filter, ids)
    await getTodayActivity(desk.today)
  }, WARM_UP_MS)

  const dashboard90 = summarize(await timeCalls(dashboard, { warmup: 0, runs }))
  const ours = await dashboard()

  const samples = new Map<BookingSortBy, number[]>()
  // Rounds over every combination, so a slow moment of the machine does not fall on one sort only.
  const perCombo = Math.max(3, Math.ceil(runs / 4))
  for (let round = 0; round < perCombo; round++) {
    for (const { sortBy, filter } of combos) {
      const started = performance.now()
      await listPage(sortBy, filter, ids)
      samples.set(sortBy, [...(samples.get(sortBy) ?? []), performance.now() - started])
    }
  }
  const bookingsList: ListFigures = {
    all: summarize([...samples.values()].flat()),
    bySort: Object.fromEntries([...samples].map(([sortBy, s]) => [sortBy, summarize(s)])) as Record<
      BookingSortBy,
      Latency
    >,
  }

  const detailIds = [...ids]
  const bookingDetail = summarize(
    await timeCalls((i) => getBooking(detailIds[i % detailIds.length]), { warmup: 3, runs }),
  )
  const todayActivity = summarize(await timeCalls(() => getTodayActivity(desk.today), { warmup: 0, runs }))

  let obvious90: Latency | undefined
  if (sizes.obviousRuns > 0) {
    const obvious = () => obviousDashboard(desk, 90)
    const differences = sameFigures(ours, await obvious())
    if (differences.length > 0) {
      throw new Error(`get_dashboard and the obvious design disagree: ${differences.join('; ')}`)
    }
    obvious90 = summarize(await timeCalls(obvious, { warmup: 1, runs: sizes.obviousRuns }))
  }
  return {
    dashboard90,
    bookingsList,
    bookingDetail,
    todayActivity,
    obvious90,
    period: { bookings: ours.stats.bookings, todayActivities: (await getTodayActivity(desk.today)).length },
  }
}

async function listPage(sortBy: BookingSortBy, filter: BookingStatusFilter, ids: Set<number>): Promise<void> {
  const { bookings, count } = await getBookings({ filter, sortBy, page: 1 })
  if (bookings.length === 0 && count > 0)
    throw new Error(`The bookings list (${filter}, ${sortBy}) came back empty`)
  for (const booking of bookings) ids.add(booking.id)
}
