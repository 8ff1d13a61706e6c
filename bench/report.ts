import type { AppFigures, DeskDay } from './appFigures'
import type { CalendarPageFigures } from './calendar'
import type { ExportFigures } from './export'
import { LARGE } from './largeProperty'
import type { LoadFigures } from './load'
import { OVERHEAD_GOAL, type OverheadFigures } from './overhead'
import type { RealtimeFigures } from './realtime'
import type { LoginBundle } from './renderer'
import type { MemoryBreakdown } from './backendMemory'
import type { HeapFigures } from './rendererMemory'
import type { ActivityFigures } from './activity'
import type { ReservationFigures } from './reservations'
import type { Latency } from './stats'

export interface Memory {
  rssMb: number
  peakRssMb: number
  /** Where the resident memory is (bench/backendMemory.ts). */
  breakdown?: MemoryBreakdown
}

export interface EngineResults {
  demo: {
    readyFirstRunMs: number
    readyExistingMs: number
    app: AppFigures
    directDashboard90: Latency
    /** Issue 21: the app's typical calls over HTTP ÷ the same statements on the database. */
    overhead: OverheadFigures
    load: LoadFigures
    /** Issue 19: the same load without and with Realtime clients, and their commit-to-event latency. */
    realtime: RealtimeFigures
    /** After the sustained load (the first run, which also created the database). */
    memory: Memory
    /** Started again on the same data, after a few seconds of load. */
    restartMemory: Memory
  }
  large?: {
    buildSeconds: number
    readyExistingMs: number
    app: AppFigures
    reservations: ReservationFigures
    /** calendar_window for 31 days of every cabin. */
    calendarWindow: Latency
    activity: ActivityFigures
    directDashboard90: Latency
    /** After the app's calls and the obvious design's downloads. */
    memory: Memory
  }
}

export interface Results {
  machine: { cpu: string; cores: number; ramGb: number; node: string; platform: string }
  started: string
  finished: string
  /** 1, 5 and 15-minute load averages when the bench started and ended (the machine may be shared). */
  loadAverage: { before: number[]; after: number[] }
  desk: DeskDay
  quick: boolean
  largeProperty?: { cabins: number; guests: number; bookings: number }
  engines: { pglite?: EngineResults; postgres?: EngineResults }
  renderer: {
    loginBundle: LoginBundle
    dashboardPageLoad?: Latency
    /** The page's JavaScript heap after visiting every screen once, in Chromium (issue 21). */
    heapAfterVisits?: HeapFigures
    /** The calendar of the large property in Chromium (PGlite backend). */
    calendarPage?: CalendarPageFigures
    /** "Export CSV" of every booking of the large property in Chromium (PGlite backend; issue 20). */
    bookingsExport?: ExportFigures
  }
  table?: TableRow[]
}

export interface TableRow {
  figure: string
  goal: string
  pglite: string
  postgres: string
}

type Check = boolean | undefined

interface Figure {
  figure: string
  goal: string
  /** The value as printed and whether it meets the goal (undefined: no goal, or not measured). */
  of(e: EngineResults): [string, Check] | undefined
}

const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0))
const both = (a: Latency) => `${ms(a.p50)} / ${ms(a.p95)}`
const percentChange = (share: number) => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(0)} %`

function backendFigures(): Figure[] {
  const large = (pick: (l: NonNullable<EngineResults['large']>) => [string, Check]) => (e: EngineResults) =>
    e.large ? pick(e.large) : undefined
  return [
    {
      figure: 'dashboard 90 d, 500k: p50 / p95 ms',
      goal: '≤ 40 / ≤ 80',
      of: large(({ app }) => [both(app.dashboard90), app.dashboard90.p50 <= 40 && app.dashboard90.p95 <= 80]),
    },
    {
      figure: 'bookings list page, 500k: p50 / p95 ms (all sorts and filters)',
      goal: '— / ≤ 80',
      of: large(({ app }) => [both(app.bookingsList.all), app.bookingsList.all.p95 <= 80]),
    },
    ...(['startDate-desc', 'startDate-asc', 'totalPrice-desc', 'totalPrice-asc'] as const).map(
      (sort): Figure => ({
        figure: `  sort ${sort}: p50 / p95 ms`,
        goal: '— / ≤ 80',
        of: large(({ app }) => [
          both(app.bookingsList.bySort[sort]),
          app.bookingsList.bySort[sort].p95 <= 80,
        ]),
      }),
    ),
    {
      figure: 'booking detail, 500k: p50 / p95 ms',
      goal: '— / ≤ 10',
      of: large(({ app }) => [both(app.bookingDetail), app.bookingDetail.p95 <= 10]),
    },
    {
      figure: "today's activity, 500k: p50 / p95 ms",
      goal: '— / ≤ 10',
      of: large(({ app }) => [both(app.todayActivity), app.todayActivity.p95 <= 10]),
    },
    {
      figure: 'free cabins for a 7-night stay, 500k: p50 / p95 ms',
      goal: '— / ≤ 20',
      of: large(({ reservations: r }) => [both(r.freeCabins), r.freeCabins.p95 <= 20]),
    },
    {
      figure: 'stay suggestions for a 7-night stay, 500k: p50 / p95 ms',
      goal: '— / ≤ 30',
      of: large(({ reservations: r }) => [both(r.staySuggestions), r.staySuggestions.p95 <= 30]),
    },
    {
      figure: 'guest search by a name fragment, 100k guests: p50 / p95 ms',
      goal: '— / ≤ 20',
      of: large(({ reservations: r }) => [both(r.guestSearch), r.guestSearch.p95 <= 20]),
    },
    {
      figure: 'create booking, 500k: p50 / p95 ms',
      goal: '— / ≤ 20',
      of: large(({ reservations: r }) => [both(r.createBooking), r.createBooking.p95 <= 20]),
    },
    {
      figure: 'calendar, 31 days of 500 cabins, 500k: p50 / p95 ms',
      goal: '— / ≤ 30',
      of: large(({ calendarWindow: c }) => [both(c), c.p95 <= 30]),
    },
    {
      figure: 'check-in, 500k: p50 / p95 ms',
      goal: '—',
      of: large(({ activity: a }) => [both(a.checkIn), undefined]),
    },
    {
      figure: 'audit triggers: create booking p50 with ÷ without',
      goal: '≤ +20 %',
      of: large(({ activity: a }) => [
        `${percentChange(a.createBookingCost)} (${ms(a.untriggered.createBooking.p50)} without)`,
        a.createBookingCost <= 0.2,
      ]),
    },
    {
      figure: 'audit triggers: check-in p50 with ÷ without',
      goal: '≤ +20 %',
      of: large(({ activity: a }) => [
        `${percentChange(a.checkInCost)} (${ms(a.untriggered.checkIn.p50)} without)`,
        a.checkInCost <= 0.2,
      ]),
    },
    {
      figure: 'activity list page, 1M entries: p50 / p95 ms (every filter)',
      goal: '— / ≤ 80',
      of: large(({ activity: a }) => [both(a.list), a.list.p95 <= 80]),
    },
    {
      figure: 'guests list page, 100k guests: p50 / p95 ms (every sort, with and without search)',
      goal: '— / ≤ 80',
      of: large(({ reservations: r }) => [both(r.guestsList), r.guestsList.p95 <= 80]),
    },
    {
      figure: 'overhead: dashboard HTTP ÷ direct SQL, 500k (p50)',
      goal: '≤ 1.1×',
      of: large(({ app, directDashboard90 }) => {
        const ratio = app.dashboard90.p50 / directDashboard90.p50
        return [
          `${ratio.toFixed(2)}× (${ms(app.dashboard90.p50)} ÷ ${ms(directDashboard90.p50)})`,
          ratio <= 1.1,
        ]
      }),
    },
    {
      figure: 'obvious design ÷ ours, 90 d, 500k (p50)',
      goal: '≥ 10×',
      of: large(({ app }) => {
        if (!app.obvious90) return ['—', undefined]
        const ratio = app.obvious90.p50 / app.dashboard90.p50
        return [`${ratio.toFixed(0)}× (${ms(app.obvious90.p50)} ÷ ${ms(app.dashboard90.p50)})`, ratio >= 10]
      }),
    },
    {
      figure: 'dashboard 90 d, demo: p50 / p95 ms',
      goal: '—',
      of: (e) => [both(e.demo.app.dashboard90), undefined],
    },
    {
      figure: 'bookings list page, demo: p50 / p95 ms',
      goal: '—',
      of: (e) => [both(e.demo.app.bookingsList.all), undefined],
    },
    {
      figure: 'booking detail / today, demo: p95 ms',
      goal: '—',
      of: (e) => [`${ms(e.demo.app.bookingDetail.p95)} / ${ms(e.demo.app.todayActivity.p95)}`, undefined],
    },
    {
      figure: 'overhead HTTP ÷ direct SQL, demo (p50)',
      goal: '—',
      of: (e) => [`${(e.demo.app.dashboard90.p50 / e.demo.directDashboard90.p50).toFixed(2)}×`, undefined],
    },
    {
      figure: 'per-request overhead, demo: HTTP ÷ SQL (p50; list, detail, today, dashboard)',
      goal: `≤ ${OVERHEAD_GOAL}×`,
      of: ({ demo: { overhead } }) => [
        `${overhead.ratio.toFixed(2)}× (${overhead.calls.map((c) => (c.http.p50 / c.direct.p50).toFixed(2)).join(' / ')})`,
        overhead.ratio <= OVERHEAD_GOAL,
      ],
    },
    {
      figure: `sustained load, demo, 10 conn. 30 s: req/s, errors, p99 ms`,
      goal: '≥ 800, 0, ≤ 50',
      of: ({ demo: { load } }) => [
        `${load.requestsPerSecond.toFixed(0)}, ${load.errors}, ${ms(load.p99)}`,
        load.requestsPerSecond >= 800 && load.errors === 0 && load.p99 <= 50,
      ],
    },
    {
      figure: 'live updates, 50 clients under that load: commit-to-event p50 / p95 ms, missed',
      goal: 'p95 ≤ 150, 0',
      of: ({ demo: { realtime } }) => [
        `${ms(realtime.commitToEvent.p50)} / ${ms(realtime.commitToEvent.p95)}, ${realtime.missed}`,
        realtime.commitToEvent.p95 <= 150 && realtime.missed === 0,
      ],
    },
    {
      figure: 'load with 50 Realtime clients ÷ without: req/s',
      goal: '≥ 0.90',
      of: ({ demo: { realtime } }) => {
        const ratio = realtime.loadWith.requestsPerSecond / realtime.loadWithout.requestsPerSecond
        return [
          `${ratio.toFixed(2)} (${realtime.loadWith.requestsPerSecond.toFixed(0)} / ${realtime.loadWithout.requestsPerSecond.toFixed(0)})`,
          ratio >= 0.9,
        ]
      },
    },
    {
      figure: 'backend ready: existing data / first run with demo seed, s',
      // Issue 21's goals (they were ≤ 1.5 / ≤ 6 s).
      goal: '≤ 0.4 / ≤ 1.5',
      of: ({ demo }) => [
        `${(demo.readyExistingMs / 1000).toFixed(2)} / ${(demo.readyFirstRunMs / 1000).toFixed(2)}`,
        demo.readyExistingMs <= 400 && demo.readyFirstRunMs <= 1500,
      ],
    },
    {
      figure: 'backend ready, existing data at 500k, s',
      goal: '≤ 0.6',
      of: large(({ readyExistingMs }) => [(readyExistingMs / 1000).toFixed(2), readyExistingMs <= 600]),
    },
    {
      figure: 'backend RSS: demo (first run, restarted) / 500k, MB',
      // Issue 21's goals (they were ≤ 250 / ≤ 600 MB).
      goal: '≤ 150 / ≤ 300',
      of: ({ demo, large }) => [
        `${demo.memory.rssMb.toFixed(0)}, ${demo.restartMemory.rssMb.toFixed(0)} / ` +
          (large ? large.memory.rssMb.toFixed(0) : '—'),
        Math.max(demo.memory.rssMb, demo.restartMemory.rssMb) <= 150 &&
          (large ? large.memory.rssMb <= 300 : true),
      ],
    },
  ]
}

function mark([value, met]: [string, Check]): string {
  return met === undefined ? value : `${value} ${met ? '✓' : '✗'}`
}

/** The figures of every engine side by side, then the renderer's, as rows of text. */
export function tableRows(results: Results): TableRow[] {
  const cell = (figure: Figure, e: EngineResults | undefined) => {
    const value = e && figure.of(e)
    return value ? mark(value) : '—'
  }
  const rows = backendFigures().map((figure) => ({
    figure: figure.figure,
    goal: figure.goal,
    pglite: cell(figure, results.engines.pglite),
    postgres: cell(figure, results.engines.postgres),
  }))
  const { loginBundle, dashboardPageLoad } = results.renderer
  const lazy = loginBundle.lazy.every((chunk) => chunk.lazy)
  rows.push({
    figure: 'renderer: JS to show the login screen, gzip KB',
    goal: '≤ 350, lazy screens',
    pglite: mark([
      `${loginBundle.gzipKb.toFixed(0)}${lazy ? ', lazy' : ', NOT lazy'}`,
      loginBundle.gzipKb <= 350 && lazy,
    ]),
    postgres: '(same build)',
  })
  if (dashboardPageLoad) {
    rows.push({
      figure: "renderer: page load to the dashboard's figures, demo, p50 ms",
      goal: '≤ 400',
      pglite: mark([ms(dashboardPageLoad.p50), dashboardPageLoad.p50 <= 400]),
      postgres: '(PGlite backend)',
    })
  }
  const { heapAfterVisits } = results.renderer
  if (heapAfterVisits) {
    rows.push({
      figure: 'renderer: JS heap after visiting every screen once, demo, MB',
      goal: '≤ 60',
      pglite: mark([heapAfterVisits.heapMb.toFixed(1), heapAfterVisits.heapMb <= 60]),
      postgres: '(PGlite backend)',
    })
  }
  const { calendarPage } = results.renderer
  if (calendarPage) {
    const { load, scroll } = calendarPage
    rows.push(
      {
        figure: 'renderer: calendar drawn, 31 days of 500 cabins, 500k: p50 / p95 ms',
        goal: '— / ≤ 1 000',
        pglite: mark([both(load), load.p95 <= 1000]),
        postgres: '(PGlite backend)',
      },
      {
        figure: 'renderer: calendar scrolled through every row: longest frame ms (rows seen)',
        goal: '≤ 50 (all 500)',
        pglite: mark([
          `${ms(scroll.longestFrameMs)} (${scroll.rowsSeen})`,
          scroll.longestFrameMs <= 50 && scroll.rowsSeen >= LARGE.cabins,
        ]),
        postgres: '(PGlite backend)',
      },
    )
  }
  const { bookingsExport } = results.renderer
  if (bookingsExport) {
    const { seconds, rows: exported, peakJsHeapMb, peakRendererRssMb } = bookingsExport
    const peakMb = Math.max(peakJsHeapMb, peakRendererRssMb ?? 0)
    rows.push({
      figure: 'renderer: CSV export of every booking, 500k: s; peak JS heap / renderer RSS MB',
      goal: '≤ 15; < 300',
      pglite: mark([
        `${seconds.toFixed(1)}; ${peakJsHeapMb.toFixed(0)} / ${peakRendererRssMb?.toFixed(0) ?? '—'}`,
        // The reservations figures have added a few bookings to the built ones by then.
        seconds <= 15 && peakMb < 300 && exported >= LARGE.cabins * LARGE.bookingsPerCabin,
      ]),
      postgres: '(PGlite backend)',
    })
  }
  return rows
}

export function printTable(results: Results): void {
  const rows = tableRows(results)
  results.table = rows
  const header: TableRow = {
    figure: 'figure',
    goal: 'goal (PGlite)',
    pglite: 'PGlite',
    postgres: 'PostgreSQL',
  }
  const all = [header, ...rows]
  const width = (key: keyof TableRow) => Math.max(...all.map((row) => [...row[key]].length))
  const pad = (text: string, n: number) => text + ' '.repeat(n - [...text].length)
  const line = (row: TableRow) =>
    (['figure', 'goal', 'pglite', 'postgres'] as const).map((key) => pad(row[key], width(key))).join(' | ')
  const { machine, loadAverage } = results
  console.log('')
  const load = `${loadAverage.before[0].toFixed(1)} → ${loadAverage.after[0].toFixed(1)}`
  console.log(
    `Innkeeper bench — ${machine.cores} cores (${machine.cpu}), ${machine.ramGb} GB RAM, ` +
      `Node ${machine.node}, ${results.started.slice(0, 10)}; load average ${load}` +
      (results.quick ? '; QUICK run: no 500k property' : ''),
  )
  console.log(line(header))
  console.log(line({ figure: '-', goal: '-', pglite: '-', postgres: '-' }).replace(/ /g, '-'))
  for (const row of rows) console.log(line(row))
  console.log('')
}
