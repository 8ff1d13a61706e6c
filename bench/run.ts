import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { localTimeZone, today } from '@shared/clock'
import { BOOKING_SORT_OPTIONS, BOOKING_STATUS_FILTERS } from '@shared/domain/bookings'
import { getBookings } from '../src/renderer/src/features/bookings/service'
import { createLogger } from '../src/server/http/log'
import { closeMaintained } from '../src/server/db/maintenance'
import { pgliteDir } from '../src/server/db/clusterFolder'
import { openDatabase } from '../src/server/db/open'
import type { Database } from '../src/server/db/types'
import { DEMO_STAFF } from '../src/server/seed'
import { recordRequests, signIn, supabase } from './appClient'
import { measureApp, type AppFigures, type DeskDay } from './appFigures'
import { startBackend, type BackendOptions } from './backend'
import { directDashboard } from './direct'
import { measureDirectOverhead, measureHttpOverhead, type HttpOverhead } from './overhead'
import { measureCalendarPage, measureCalendarWindow, type CalendarPageFigures } from './calendar'
import { measureBookingsExport, type ExportFigures } from './export'
import { buildLargeProperty, LARGE, verifyRules } from './largeProperty'
import { sustainedLoad, type LoadFigures } from './load'
import { measureRealtime, type RealtimeFigures } from './realtime'
import { buildApp, dashboardPageLoad, loginBundle, type AppBuild } from './renderer'
import { rendererHeapAfterVisits, type HeapFigures } from './rendererMemory'
import { printTable, type EngineResults, type Memory, type Results } from './report'
import { measureCreates, measureReservations } from './reservations'
import {
  auditCost,
  bookingsToCheckIn,
  measureActivityList,
  setAuditTriggers,
  timeCheckIns,
  type AuditFigures,
} from './activity'
import type { Latency } from './stats'

export type Engine = 'pglite' | 'postgres'

const ROOT = new URL('..', import.meta.url).pathname
// Inside the project, so the built backend finds its packages in node_modules; ignored by git.
const BUILD_DIR = join(ROOT, 'node_modules', '.cache', 'innkeeper-bench')
export const RUNS = 40
const LOAD = { connections: 10, seconds: 30 }
/** Issue 19: desks subscribed to live updates during the sustained load, and a booking change every 200 ms. */
export const REALTIME = { clients: 50, writeEveryMs: 200 }
const PAGE_LOAD_RUNS = 7
/** Each run visits every screen once in a fresh browser context (issue 21). */
const HEAP_RUNS = 3
/** Each run opens the 31-day calendar of 500 cabins in a fresh browser context. */
const CALENDAR_PAGE_RUNS = 7

/** `npm run bench [-- --quick]`: builds the app, measures it on PGlite (and PostgreSQL), prints and saves. */
export async function runBench(argv: string[]): Promise<void> {
  // --quick: no 500 000-booking property (demo scale and renderer only).
  const quick = argv.includes('--quick')
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
  const engines: Engine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite']
  const desk: DeskDay = { today: today(), timeZone: localTimeZone() }
  const work = mkdtempSync(join(tmpdir(), 'innkeeper-bench-'))
  const started = new Date()
  const loadBefore = loadavg()
  const databases = new Databases(adminUrl)
  try {
    log(`Building the app into ${BUILD_DIR}`)
    const build = await buildApp(ROOT, BUILD_DIR)
    const bundle = loginBundle(build.rendererDir)
    const engineResults: Partial<Record<Engine, EngineResults>> = {}
    let pageLoad: Latency | undefined
    let heapAfterVisits: HeapFigures | undefined
    let calendarPage: CalendarPageFigures | undefined
    let bookingsExport: ExportFigures | undefined
    for (const engine of engines) {
      const demo = await demoScale(engine, build, work, desk, databases, engine === 'pglite')
      pageLoad ??= demo.pageLoad
      heapAfterVisits ??= demo.heapAfterVisits
      const large = quick
        ? undefined
        : await largeScale(engine, build, work, desk, databases, engine === 'pglite')
      engineResults[engine] = { demo: demo.results, large: large?.results }
      calendarPage ??= large?.calendarPage
      bookingsExport ??= large?.bookingsExport
    }
    const results: Results = {
      machine: machine(),
      started: started.toISOString(),
      finished: new Date().toISOString(),
      loadAverage: { before: loadBefore, after: loadavg() },
      desk,
      quick,
      largeProperty: quick ? undefined : { ...LARGE, bookings: LARGE.cabins * LARGE.bookingsPerCabin },
      engines: engineResults,
      renderer: {
        loginBundle: bundle,
        dashboardPageLoad: pageLoad,
        heapAfterVisits,
        calendarPage,
        bookingsExport,
      },
    }
    printTable(results)
    writeFileSync(join(ROOT, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n')
    log('Wrote bench/results.json')
  } finally {
    await databases.dropAll()
    rmSync(work, { recursive: true, force: true })
    rmSync(BUILD_DIR, { recursive: true, force: true })
  }
}

interface DemoOutcome {
  results: EngineResults['demo']
  pageLoad?: Latency
  heapAfterVisits?: HeapFigures
}

/**
 * The demo business: first start (migrations and seed), the app's calls, sustained load on the
 * bookings list, memory, the page load in Chromium (once), then a start on the existing data and
 * its memory after some use.
 */
export async function demoScale(
  engine: Engine,
  build: AppBuild,
  work: string,
  desk: DeskDay,
  databases: Databases,
  withPageLoad: boolean,
): Promise<DemoOutcome> {
  log(`${engine}, demo scale: first start with the demo seed`)
  const dataDir = join(work, `${engine}-demo`)
  mkdirSync(dataDir)
  const databaseUrl = engine === 'postgres' ? await databases.create('demo') : undefined
  const first = await startBackend({
    serverJs: build.serverJs,
    dataDir,
    databaseUrl,
    demo: true,
    staticDir: build.rendererDir,
  })
  let app: AppFigures
  let load: LoadFigures
  let realtime: RealtimeFigures
  let memory: Memory
  let pageLoad: Latency | undefined
  let heapAfterVisits: HeapFigures | undefined
  try {
    await signIn(first.url, first.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
    log(`${engine}, demo scale: the app's calls`)
    app = await measureApp(desk, { runs: RUNS, obviousRuns: 0 })
    log(`${engine}, demo scale: ${LOAD.connections} connections on the bookings list for ${LOAD.seconds} s`)
    load = await sustainedLoad(await bookingsListRequests(), LOAD)
    log(`${engine}, demo scale: the same load without and with ${REALTIME.clients} Realtime clients`)
    realtime = await measureRealtime(first, DEMO_STAFF, await bookingsListRequests(), {
      ...LOAD,
      ...REALTIME,
    })
    memory = first.memory()
    if (withPageLoad) {
      log(`${engine}, demo scale: page load in Chromium`)
      pageLoad = await dashboardPageLoad(first.url, PAGE_LOAD_RUNS)
      log(`${engine}, demo scale: JS heap after every screen in Chromium`)
      heapAfterVisits = await rendererHeapAfterVisits(first.url, HEAP_RUNS)
    }
  } finally {
    await first.stop()
  }

  log(`${engine}, demo scale: start on the existing data`)
  const again = await startBackend({ serverJs: build.serverJs, dataDir, databaseUrl, demo: true })
  let restartMemory: Memory
  let overheadHttp: HttpOverhead
  try {
    // The backend of every later day: started on its data, then used for a while.
    await signIn(again.url, again.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
    await sustainedLoad(await bookingsListRequests(), { connections: LOAD.connections, seconds: 5 })
    restartMemory = again.memory()
    // Issue 21: their SQL is timed on the database just after this backend stops (below), so that
    // nothing changes the data between the two sides.
    log(`${engine}, demo scale: the app's typical calls over HTTP, for the per-request overhead`)
    overheadHttp = await measureHttpOverhead(desk, RUNS)
  } finally {
    await again.stop()
  }

  const { direct, overhead } = await withDatabase(dataDir, databaseUrl, async (db) => ({
    direct: await directDashboard(db, desk, RUNS),
    overhead: await measureDirectOverhead(db, dataDir, overheadHttp, RUNS),
  }))
  return {
    results: {
      readyFirstRunMs: first.readyMs,
      readyExistingMs: again.readyMs,
      app,
      directDashboard90: direct,
      overhead,
      load,
      realtime,
      memory,
      restartMemory,
    },
    pageLoad,
    heapAfterVisits,
  }
}

interface LargeOutcome {
  results: NonNullable<EngineResults['large']>
  calendarPage?: CalendarPageFigures
  bookingsExport?: ExportFigures
}

/**
 * The large property: built in SQL, checked, then the app's calls, the obvious design, the calendar
 * (in Chromium once) and memory.
 */
async function largeScale(
  engine: Engine,
  build: AppBuild,
  work: string,
  desk: DeskDay,
  databases: Databases,
  withCalendarPage: boolean,
): Promise<LargeOutcome> {
  const dataDir = join(work, `${engine}-large`)
  mkdirSync(dataDir)
  const databaseUrl = engine === 'postgres' ? await databases.create('large') : undefined
  log(`${engine}, 500k: building the large property`)
  const built = await withDatabase(dataDir, databaseUrl, async (db) => {
    const built = await buildLargeProperty(db, desk.today, desk.timeZone)
    await verifyRules(db, desk.today, desk.timeZone)
    log(
      `${engine}, 500k: ${built.bookings} bookings and ${built.logEntries} log entries in ` +
        `${(built.ms / 1000).toFixed(0)} s, every rule holds`,
    )
    return built
  })
  // Opened again, as the backend opens it: PGlite's shared_buffers are sized to the data when a
  // folder is opened, and the folder was empty when the build opened it (8 MB against 128).
  const direct = await withDatabase(dataDir, databaseUrl, (db) => directDashboard(db, desk, RUNS))

  const measured = await largeBackend(engine, build, dataDir, databaseUrl, desk, withCalendarPage)
  const { reservations, checkIn } = measured
  const untriggered = await withoutAuditTriggers(engine, build, dataDir, databaseUrl, async () => ({
    createBooking: await measureCreates(desk, RUNS, AUDIT_OFF_CREATE_FROM_DAYS),
    checkIn: await timeCheckIns(measured.checkInIds.slice(RUNS + 3), RUNS),
  }))
  return {
    results: {
      buildSeconds: built.ms / 1000,
      readyExistingMs: measured.readyMs,
      app: measured.app,
      reservations,
      calendarWindow: measured.calendarWindow,
      activity: {
        list: measured.activityList,
        checkIn,
        untriggered,
        createBookingCost: auditCost(reservations.createBooking, untriggered.createBooking),
        checkInCost: auditCost(checkIn, untriggered.checkIn),
      },
      directDashboard90: direct,
      memory: measured.memory,
    },
    calendarPage: measured.calendarPage,
    bookingsExport: measured.bookingsExport,
  }
}

/**
 * The backend started on the large property: the app's calls, the calendar (in Chromium once), the
 * reservations desk, check-ins and the activity list, then its memory (bench/boot.ts runs it alone).
 */
export async function largeBackend(
  engine: Engine,
  build: AppBuild,
  dataDir: string,
  databaseUrl: string | undefined,
  desk: DeskDay,
  withCalendarPage: boolean,
  settings: Pick<BackendOptions, 'execArgv' | 'env'> = {},
) {
  const backend = await startBackend({
    serverJs: build.serverJs,
    dataDir,
    databaseUrl,
    demo: false,
    staticDir: withCalendarPage ? build.rendererDir : undefined,
    ...settings,
  })
  try {
    await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
    log(`${engine}, 500k: the app's calls and the obvious design`)
    const app = await measureApp(desk, { runs: RUNS, obviousRuns: 5 })
    log(`${engine}, 500k: the calendar's 31-day window`)
    const calendarWindow = await measureCalendarWindow(desk, RUNS)
    // After the app's figures: it creates bookings (far ahead, but created today).
    log(`${engine}, 500k: the reservations desk`)
    const reservations = await measureReservations(desk, RUNS)
    log(`${engine}, 500k: check-ins and the activity list`)
    const { data } = await supabase().auth.getUser()
    const activityList = await measureActivityList(desk, data.user!.id, RUNS)
    const checkInIds = await bookingsToCheckIn(2 * (RUNS + 3))
    const checkIn = await timeCheckIns(checkInIds.slice(0, RUNS + 3), RUNS)
    const memory = backend.memory()
    let calendarPage: CalendarPageFigures | undefined
    let bookingsExport: ExportFigures | undefined
    if (withCalendarPage) {
      log(`${engine}, 500k: the calendar in Chromium`)
      calendarPage = await measureCalendarPage(backend.url, CALENDAR_PAGE_RUNS)
      // Issue 20: "Export CSV" of all 500 000 bookings in Chromium.
      log(`${engine}, 500k: exporting every booking in Chromium`)
      bookingsExport = await measureBookingsExport(backend.url)
    }
    return {
      readyMs: backend.readyMs,
      app,
      calendarWindow,
      reservations,
      activityList,
      checkIn,
      checkInIds,
      memory,
      calendarPage,
      bookingsExport,
    }
  } finally {
    await backend.stop()
  }
}

/** Stays created with the audit triggers off lie this far ahead, clear of the first series'. */
const AUDIT_OFF_CREATE_FROM_DAYS = 420

/** Runs `measure` against the backend restarted with the audit triggers off, and turns them on again. */
async function withoutAuditTriggers(
  engine: Engine,
  build: AppBuild,
  dataDir: string,
  databaseUrl: string | undefined,
  measure: () => Promise<AuditFigures>,
): Promise<AuditFigures> {
  log(`${engine}, 500k: create-booking and check-in with the audit triggers off`)
  await withDatabase(dataDir, databaseUrl, (db) => setAuditTriggers(db, false))
  try {
    const backend = await startBackend({ serverJs: build.serverJs, dataDir, databaseUrl, demo: false })
    try {
      await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      return await measure()
    } finally {
      await backend.stop()
    }
  } finally {
    await withDatabase(dataDir, databaseUrl, (db) => setAuditTriggers(db, true))
  }
}

/** The bookings list requests of every sort and filter, as supabase-js sends them (page 1). */
export async function bookingsListRequests() {
  return recordRequests(async () => {
    for (const { value: sortBy } of BOOKING_SORT_OPTIONS) {
      for (const { value: filter } of BOOKING_STATUS_FILTERS) await getBookings({ filter, sortBy, page: 1 })
    }
  })
}

async function withDatabase<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  fn: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({ dataDir, databaseUrl })
  try {
    return await fn(db)
  } finally {
    // Closed as the app's server closes a session (vacuumed, then marked): the backend started on the
    // folder next then starts as on any day after the app was quit, not as after a crash.
    await closeMaintained(db, pgliteDir(dataDir), createLogger(false))
  }
}

/** Fresh PostgreSQL databases for the bench, dropped at the end. */
export class Databases {
  private readonly names: string[] = []
  constructor(private readonly adminUrl: string | undefined) {}

  async create(label: string): Promise<string> {
    if (!this.adminUrl) throw new Error('No PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL)')
    const name = `innkeeper_bench_${process.pid}_${label}`
    await this.admin(`drop database if exists ${name} with (force)`)
    await this.admin(`create database ${name}`)
    this.names.push(name)
    const url = new URL(this.adminUrl)
    url.pathname = `/${name}`
    return url.toString()
  }

  async dropAll(): Promise<void> {
    for (const name of this.names.splice(0)) await this.admin(`drop database if exists ${name} with (force)`)
  }

  private async admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
}

function machine(): Results['machine'] {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ramGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  }
}

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`)
}
