import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { localTimeZone, today } from '@shared/clock'
import { getBooking, getBookings } from '../src/renderer/src/features/bookings/service'
import { getDashboard, getTodayActivity } from '../src/renderer/src/features/dashboard/service'
import { openDatabase } from '../src/server/db/open'
import type { Database, Queryable } from '../src/server/db/types'
import { resolveCaller } from '../src/server/http/caller'
import type { ApiRequest } from '../src/server/http/types'
import { loadKeys } from '../src/server/keys'
import { createRestHandler, getSchemaCache } from '../src/server/rest'
import { DEMO_STAFF } from '../src/server/seed'
import { recordRequests, signIn, type RecordedRequest } from './appClient'
import type { DeskDay } from './appFigures'
import { startBackend } from './backend'
import { buildApp } from './renderer'
import { summarize, WARM_UP_MS, type Latency } from './stats'

/** Issue 21: the app's typical calls over HTTP may take at most this many times their SQL (p50). */
export const OVERHEAD_GOAL = 1.5

/** One of the app's typical calls, made through the renderer's own service. */
interface TypicalCall {
  name: string
  call(): Promise<unknown>
}

export interface CallOverhead {
  name: string
  /** Through supabase-js over HTTP, as the app makes the call (all its requests). */
  http: Latency
  /** The statements the REST layer ran for those requests, in the same transactions, on the database. */
  direct: Latency
}

export interface OverheadFigures {
  calls: CallOverhead[]
  /** Σ HTTP p50 ÷ Σ direct p50 over the calls: one desk's round of them, end to end ÷ in SQL. */
  ratio: number
}

/** What the HTTP side measured, with the requests each call made, for the direct side to run again. */
export interface HttpOverhead {
  calls: { name: string; http: Latency; requests: RecordedRequest[] }[]
}

/**
 * The calls a desk makes all day, at demo scale: the bookings list's first page (the page and its
 * count, sent at once), a booking's detail, today's arrivals and departures, the dashboard.
 */
async function typicalCalls(desk: DeskDay): Promise<TypicalCall[]> {
  const { bookings } = await getBookings({ filter: 'all', sortBy: 'startDate-desc', page: 1 })
  if (bookings.length === 0) throw new Error('The demo has no bookings to open')
  const bookingId = bookings[0].id
  return [
    {
      name: 'bookings list page',
      call: () => getBookings({ filter: 'all', sortBy: 'startDate-desc', page: 1 }),
    },
    { name: 'booking detail', call: () => getBooking(bookingId) },
    { name: "today's activity", call: () => getTodayActivity(desk.today) },
    {
      name: 'dashboard 90 d',
      call: () => getDashboard({ today: desk.today, days: 90, timeZone: desk.timeZone }),
    },
  ]
}

/**
 * Rounds over every call, one after another, so that a slow moment of a loaded machine falls on all
 * of them alike; after `WARM_UP_MS` of the same rounds.
 */
async function timeRounds(calls: (() => Promise<unknown>)[], runs: number): Promise<Latency[]> {
  const until = performance.now() + WARM_UP_MS
  for (let i = 0; i < 2 || performance.now() < until; i++) for (const call of calls) await call()
  const samples: number[][] = calls.map(() => [])
  for (let round = 0; round < runs; round++) {
    for (const [i, call] of calls.entries()) {
      const started = performance.now()
      await call()
      samples[i].push(performance.now() - started)
    }
  }
  return samples.map(summarize)
}

/** The HTTP side, on the signed-in bench client: each call's requests, then its timings. */
export async function measureHttpOverhead(desk: DeskDay, runs: number): Promise<HttpOverhead> {
  const calls = await typicalCalls(desk)
  const requests: RecordedRequest[][] = []
  for (const { call } of calls) requests.push(await recordRequests(call))
  const latencies = await timeRounds(
    calls.map(({ call }) => call),
    runs,
  )
  return {
    calls: calls.map(({ name }, i) => ({ name, http: latencies[i], requests: requests[i] })),
  }
}

/** One statement of a request's transaction, as the REST layer sent it. */
type Statement = { sql: string; params?: unknown[]; exec: boolean }

/**
 * The direct side, on the backend's database once the backend has stopped: each recorded request is
 * answered once by the REST layer itself (in this process, same code) while every statement of its
 * transaction is noted; the timed call then runs exactly those statements, in transactions of their
 * own as the request did (role, claims, search_path and statement timeout set by the same statement),
 * without HTTP, the token check, routing, planning, or JSON handling in supabase-js. The requests of
 * one call are run at once, as the app sends them.
 */
export async function measureDirectOverhead(
  db: Database,
  dataDir: string,
  http: HttpOverhead,
  runs: number,
): Promise<OverheadFigures> {
  const latencies = await timeRounds(await directCalls(db, dataDir, http), runs)
  const calls = http.calls.map(({ name, http }, i) => ({ name, http, direct: latencies[i] }))
  const sum = (pick: (call: CallOverhead) => Latency) =>
    calls.reduce((total, call) => total + pick(call).p50, 0)
  return { calls, ratio: sum((c) => c.http) / sum((c) => c.direct) }
}

/** Each call of `http` as the statements its requests ran, ready to run again on `db`. */
export async function directCalls(
  db: Database,
  dataDir: string,
  http: HttpOverhead,
): Promise<(() => Promise<unknown>)[]> {
  const { secret } = await loadKeys(dataDir)
  const noted: Noted = {}
  const noting = notingDatabase(db, noted)
  // Loaded before anything is noted: the schema cache's own queries are no part of a request.
  await getSchemaCache(noting)
  const replay = (statements: Statement[]) =>
    db.transaction(async (tx) => {
      for (const { sql, params, exec } of statements) await (exec ? tx.exec(sql) : tx.query(sql, params))
    })
  const calls: (() => Promise<unknown>)[] = []
  for (const { requests } of http.calls) {
    const ofCall: Statement[][][] = []
    for (const request of requests) ofCall.push(await statementsOf(noting, noted, secret, request))
    calls.push(() =>
      Promise.all(
        ofCall.map(async (ofRequest) => {
          for (const statements of ofRequest) await replay(statements)
        }),
      ),
    )
  }
  return calls
}

/** The transactions the REST layer runs for `request` (a request may run more than one). */
async function statementsOf(
  db: Database,
  noted: Noted,
  secret: Uint8Array,
  request: RecordedRequest,
): Promise<Statement[][]> {
  const url = new URL(request.url)
  const prefix = '/rest/v1'
  if (!url.pathname.startsWith(prefix)) throw new Error(`Not a REST request: ${url.pathname}`)
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]))
  const apiRequest: ApiRequest = {
    method: request.method,
    path: url.pathname.slice(prefix.length),
    rawQuery: url.search.slice(1),
    headers,
    body: Buffer.from(request.body ?? ''),
    remoteAddress: '127.0.0.1',
  }
  const caller = await resolveCaller(headers, secret, Date.now())
  const transactions: Statement[][] = []
  noted.transactions = transactions
  try {
    const response = await createRestHandler()(apiRequest, { db, caller, baseUrl: url.origin })
    if (response.status >= 300)
      throw new Error(`${request.method} ${request.url} answered ${response.status}`)
  } finally {
    noted.transactions = undefined
  }
  return transactions
}

/** Where `notingDatabase` notes each transaction's statements, while set. */
interface Noted {
  transactions?: Statement[][]
}

/** `db`, noting the statements of every transaction run through it while `noted.transactions` is set. */
function notingDatabase(db: Database, noted: Noted): Database {
  return {
    ...db,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) =>
      db.transaction((tx) => {
        const statements: Statement[] = []
        noted.transactions?.push(statements)
        const noting: Queryable = {
          query: (sql, params) => {
            statements.push({ sql, params, exec: false })
            return tx.query(sql, params)
          },
          exec: (sql) => {
            statements.push({ sql, exec: true })
            return tx.exec(sql)
          },
        }
        return fn(noting)
      }),
  }
}

/** Latency per call and the ratio, for the console. */
export function describeOverhead({ calls, ratio }: OverheadFigures): string {
  const ms = (x: number) => x.toFixed(2)
  const lines = calls.map(
    ({ name, http, direct }) =>
      `  ${name}: HTTP p50 ${ms(http.p50)} ms ÷ SQL p50 ${ms(direct.p50)} ms = ${(http.p50 / direct.p50).toFixed(2)}×`,
  )
  return [...lines, `  all: ${ratio.toFixed(2)}× (goal ≤ ${OVERHEAD_GOAL}×)`].join('\n')
}

/**
 * This figure alone, on PGlite with the demo data (`node scripts/bench.mjs`'s way of running bench
 * code, calling runOverheadAlone). argv: [runs = 200, a build to reuse (kept) instead of a fresh one].
 */
export async function runOverheadAlone(argv: string[]): Promise<void> {
  const runs = Number(argv[0] ?? 200)
  const root = new URL('..', import.meta.url).pathname
  const work = mkdtempSync(join(tmpdir(), 'innkeeper-bench-overhead-'))
  const buildDir = argv[1] ?? join(root, 'node_modules', '.cache', 'innkeeper-bench-overhead')
  const desk: DeskDay = { today: today(), timeZone: localTimeZone() }
  try {
    const build = argv[1]
      ? { serverJs: join(buildDir, 'main', 'server.js'), rendererDir: join(buildDir, 'renderer') }
      : await buildApp(root, buildDir)
    const dataDir = join(work, 'data')
    const backend = await startBackend({ serverJs: build.serverJs, dataDir, demo: true })
    let http: HttpOverhead
    try {
      await signIn(backend.url, backend.anonKey, DEMO_STAFF.email, DEMO_STAFF.password)
      http = await measureHttpOverhead(desk, runs)
    } finally {
      await backend.stop()
    }
    const db = await openDatabase({ dataDir })
    try {
      console.log(describeOverhead(await measureDirectOverhead(db, dataDir, http, runs)))
    } finally {
      await db.close()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
    if (!argv[1]) rmSync(buildDir, { recursive: true, force: true })
  }
}
