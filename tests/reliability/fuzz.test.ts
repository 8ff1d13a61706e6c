import { join } from 'node:path'
import fc from 'fast-check'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/types'
import { loadSecret } from '../../src/server/keys'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'
import {
  bucketIds,
  changedTables,
  digestFolder,
  publicFunctions,
  publicTables,
  snapshotTables,
} from './support/catalogue'
import { bookingsBefore, brokenDataRules } from './support/dataRules'
import { fuzzInput, type FuzzArea, type FuzzInput, type FuzzTarget } from './support/fuzzInputs'
import { rawClient, type RawClient, type RawResponse } from './support/rawHttp'
import { recordingDatabase } from './support/recordingDatabase'
import { misplacedMarkers } from './support/sqlMarkers'
import { staffWriteInput, type StaffWriteTarget } from './support/staffWrites'

/**
 * Issue 7, bad input: 10 000 generated requests against the running server (shared between the
 * databases), in concurrent batches. Nothing may answer 5xx, the server must stay up, the data must
 * stay as it was, every refusal must have its service's error shape, and no client input may reach
 * SQL text other than as a quoted identifier (values only ever as bind parameters). Issue 13: then
 * hostile writes as staff, whom row level security lets through, after which every data rule must
 * still hold. On PGlite and PostgreSQL. FUZZ_SEED=<n> replays a run.
 */
const KINDS = testDatabaseKinds()
/** The 10 000 requests are shared between the databases, so running on both costs no more time. */
const INPUTS = Math.ceil(Number(process.env.FUZZ_INPUTS ?? 10_000) / KINDS.length)
const STAFF_WRITES = Number(process.env.FUZZ_STAFF_WRITES ?? 1_000)
const BATCH = 25
/** FUZZ_KEEP_GOING=1 prints findings and runs on, to see every kind of failure in one run. */
const keepGoing = process.env.FUZZ_KEEP_GOING === '1'
const DATA_SCHEMAS = ['public', 'storage', 'innkeeper_meta']

interface Finding {
  input: FuzzInput
  status: number
  body: string
}

/** One seed for both databases: they answer the same inputs, so a difference between them shows. */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31
const summary: string[] = []
afterAll(() => {
  if (outcomes.size) console.log(describeOutcomes())
  console.log(`fuzz: ${summary.join('; ')} (seed ${seed})`)
})

describe.each(KINDS)('fuzz on %s', (kind) => {
  let server: TestServer
  let db: Database
  let http: RawClient
  let target: FuzzTarget
  let staffTarget: StaffWriteTarget
  const misplaced: { sql: string; markers: string[] }[] = []
  let statements = 0
  let sent = 0
  let serverErrors = 0
  let badShapes = 0
  let signups = 0
  const staffAnswers = { accepted: 0, refusedByRules: 0 }
  const perArea: Record<FuzzArea, number> = { rest: 0, rpc: 0, auth: 0, storage: 0, other: 0 }

  beforeAll(async () => {
    server = await startTestServer(
      {
        wrapDatabase: (opened) => {
          db = opened
          return recordingDatabase(opened, (sql) => {
            statements++
            const markers = misplacedMarkers(sql)
            if (markers.length) {
              const at = sql.indexOf(markers[0])
              misplaced.push({ sql: sql.slice(Math.max(0, at - 300), at + 100), markers })
            }
          })
        },
        // Thousands of failed sign-ins and sign-ups from one address are the point here, not something
        // to throttle.
        authRateLimits: {
          signInFailuresPerAddressAndEmail: {
            freeFailures: 1e9,
            firstDelaySeconds: 1,
            maxDelaySeconds: 1,
            forgetAfterSeconds: 60,
          },
          signInFailuresPerAddress: { limit: 1e9, windowSeconds: 60 },
          signUpsPerAddress: { limit: 1e9, windowSeconds: 60 },
        },
      },
      kind,
    )
    http = rawClient(server.url, BATCH)
    const [tables, functions, buckets] = await Promise.all([
      publicTables(db),
      publicFunctions(db),
      bucketIds(db),
    ])
    const staff = await session({ email: DEMO_EMAIL, password: DEMO_PASSWORD }, 'token?grant_type=password')
    const outsider = await session({ email: 'fuzz-outsider@example.com', password: 'outsider-password' })
    const fuzzUser = await session({ email: 'fuzz-user@example.com', password: 'fuzz-user-password' })
    target = {
      tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) })),
      functions: functions.map((f) => ({
        name: f.name,
        args: f.args.map((a) => a.name),
        readOnly: !f.volatile,
      })),
      buckets,
      anonKey: server.anonKey,
      outsiders: [`Bearer ${server.anonKey}`, `Bearer ${outsider.access_token}`],
      forged: (await forgedTokens(server.dataDir, staff.user.id)).map((token) => `Bearer ${token}`),
      staff: staff.access_token,
      fuzzUser: fuzzUser.access_token,
    }
    // Not the staff table: a staff member removing their own row is a legitimate write, after which
    // every later write would be a refusal by row level security instead of a test of the rules.
    const writable = tables.filter((table) => table.name !== 'staff')
    staffTarget = {
      tables: await Promise.all(
        writable.map(async (table) => ({
          table,
          keys: await primaryKeys(db, table.name, table.primaryKey[0]),
        })),
      ),
      functions,
      anonKey: server.anonKey,
      staff: staff.access_token,
    }
  })

  afterAll(async () => {
    http?.close()
    await server?.stop()
    const areas = Object.entries(perArea)
      .map(([area, count]) => `${area} ${count}`)
      .join(', ')
    summary.push(
      `${kind}: ${sent} inputs (${areas}; ${staffAnswers.accepted} staff writes accepted, ` +
        `${staffAnswers.refusedByRules} refused by the data rules), ${serverErrors} 5xx, ` +
        `${badShapes} bad error shapes, ${misplaced.length} unparameterised in ${statements} SQL statements`,
    )
  })

  async function session(credentials: object, path = 'signup') {
    const response = await http.send({
      method: 'POST',
      path: `/auth/v1/${path}`,
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    })
    const body = JSON.parse(response.body.toString()) as { access_token: string; user: { id: string } }
    expect(body.access_token, response.body.toString()).toBeTruthy()
    return body
  }

  async function run(
    input: FuzzInput,
    answered?: (response: RawResponse) => void,
  ): Promise<Finding | undefined> {
    sent++
    perArea[input.area]++
    let response: RawResponse
    try {
      response = await http.send(input.request)
    } catch (error) {
      return { input, status: 0, body: String(error) }
    }
    if (input.signup && response.status === 200) signups++
    if (process.env.FUZZ_STATS === '1') tally(input, response)
    answered?.(response)
    const finding = { input, status: response.status, body: response.body.toString().slice(0, 500) }
    if (response.status >= 500) {
      serverErrors++
      return finding
    }
    if (response.status >= 400 && !hasErrorShape(input, response)) {
      badShapes++
      return finding
    }
    return undefined
  }

  it(`answers ${INPUTS} generated requests without a 5xx, a crash, a change or unbound input`, async () => {
    const storageDir = join(server.dataDir, 'storage')
    const before = await snapshotTables(db, DATA_SCHEMAS)
    const usersBefore = await countUsers(db)
    const filesBefore = await digestFolder(storageDir)

    await checkBatches(fuzzInput(target), INPUTS, (input) => run(input))

    expect((await http.send({ method: 'GET', path: '/health' })).status).toBe(200)
    expect(changedTables(before, await snapshotTables(db, DATA_SCHEMAS))).toEqual([])
    // Sign-up is open to anyone: a generated body that happens to be valid makes a user, nothing else does.
    expect(await countUsers(db)).toBe(usersBefore + signups)
    expect(await digestFolder(storageDir)).toBe(filesBefore)
    expect(misplaced).toEqual([])
    expect({ serverErrors, badShapes }).toEqual({ serverErrors: 0, badShapes: 0 })
    expect(sent).toBeGreaterThanOrEqual(INPUTS)
  }, 240_000)

  it(`keeps every data rule through ${STAFF_WRITES} hostile writes as staff`, async () => {
    const before = await bookingsBefore(db)
    const earlier = { serverErrors, badShapes, misplaced: misplaced.length }
    // The rules' own check: the demo data keeps them, so what is found below was written by the run.
    expect(await brokenDataRules(db, before)).toEqual([])
    const count = (response: RawResponse) => {
      if (response.status < 300) staffAnswers.accepted++
      // SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the database's own rules.
      else if (/^2[23][0-9A-Z]{3}$/.test(errorCode(response))) staffAnswers.refusedByRules++
    }
    await checkBatches(staffWriteInput(staffTarget), STAFF_WRITES, (input) => run(input, count))

    expect((await http.send({ method: 'GET', path: '/health' })).status).toBe(200)
    expect(await brokenDataRules(db, before)).toEqual([])
    expect(misplaced.slice(earlier.misplaced)).toEqual([])
    expect({ serverErrors, badShapes }).toEqual({
      serverErrors: earlier.serverErrors,
      badShapes: earlier.badShapes,
    })
    // Both kinds of answer, or the run tested nothing: writes that all fail to parse, or all pass.
    expect(staffAnswers.accepted).toBeGreaterThan(STAFF_WRITES / 50)
    expect(staffAnswers.refusedByRules).toBeGreaterThan(STAFF_WRITES / 50)
  }, 240_000)

  /**
   * Sends generated inputs in concurrent batches of BATCH; each batch fails on its findings, or on
   * client input found in SQL text, unless FUZZ_KEEP_GOING is set.
   */
  async function checkBatches(
    inputs: fc.Arbitrary<FuzzInput>,
    count: number,
    send: (input: FuzzInput) => Promise<Finding | undefined>,
  ): Promise<void> {
    const result = await fc.check(
      fc.asyncProperty(fc.array(inputs, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const misplacedBefore = misplaced.length
        const findings = (await Promise.all(batch.map(send))).filter((f) => f !== undefined)
        if (findings.length && keepGoing) console.log(describeFindings(findings))
        else if (findings.length) throw new Error(describeFindings(findings))
        if (misplaced.length > misplacedBefore && !keepGoing) {
          throw new Error(`client input in SQL text: ${JSON.stringify(misplaced.slice(misplacedBefore))}`)
        }
      }),
      // Shrinking replays whole batches against a server whose state moved on; the findings already
      // name the offending requests, so it is off unless asked for.
      { numRuns: Math.ceil(count / BATCH), seed, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
    )
    // fast-check's own report prints every request of the batch; ours names only the offending ones.
    if (result.failed) {
      const cause =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)
      throw new Error(`fuzz failed (FUZZ_SEED=${result.seed}):\n${cause}`)
    }
  }
})

/** Primary key values of a table's rows, for updates and deletes that reach existing rows. */
async function primaryKeys(db: Database, table: string, column: string | undefined): Promise<string[]> {
  if (!column) return []
  // Names come from pg_catalog and are quoted by format('%I'): nothing here is client input.
  const { rows: query } = await db.query<{ sql: string }>(
    `select format('select %I::text as key from public.%I order by 1 limit 200', $1::text, $2::text) as sql`,
    [column, table],
  )
  const { rows } = await db.query<{ key: string }>(query[0].sql)
  return rows.map((row) => row.key)
}

function errorCode(response: RawResponse): string {
  try {
    return String((JSON.parse(response.body.toString()) as { code?: unknown }).code ?? '')
  } catch {
    return ''
  }
}

const outcomes = new Map<string, number>()
/** FUZZ_STATS=1: how often each area met each answer, to see whether inputs get past the parsers. */
function tally(input: FuzzInput, response: RawResponse): void {
  let code = ''
  try {
    const body = JSON.parse(response.body.toString()) as Record<string, unknown>
    code = `${String(body.code ?? body.error ?? '')} ${String(body.message ?? body.msg ?? '').slice(0, 60)}`
  } catch {
    // not JSON
  }
  const key = `${input.area} ${input.request.method} ${response.status} ${code}`
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
}

function describeOutcomes(): string {
  return [...outcomes]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${count} ${key}`)
    .join('\n')
}

async function countUsers(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>('select count(*) as n from auth.users')
  return Number(rows[0].n)
}

/**
 * Tokens that must get nowhere: unsigned, signed with another secret, expired, naming a database
 * role that is not an API role, or missing the audience.
 */
async function forgedTokens(dataDir: string, staffId: string): Promise<string[]> {
  const secret = await loadSecret(dataDir)
  const now = Math.floor(Date.now() / 1000)
  const sign = (claims: Record<string, unknown>, key: Uint8Array = secret, exp = now + 3600) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(exp).sign(key)
  const unsigned = [
    { alg: 'none', typ: 'JWT' },
    { role: 'service_role', exp: now + 3600 },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.')
  return [
    `${unsigned}.`,
    await sign({ role: 'service_role' }, new TextEncoder().encode('not-the-secret-not-the-secret-123')),
    await sign({ role: 'authenticated', aud: 'authenticated', sub: staffId }, secret, now - 3600),
    await sign({ role: 'postgres' }),
    await sign({ role: 'authenticated', sub: staffId }),
  ]
}

/** The error body each service answers with (docs/SUPABASE_CONTRACT.md), or the gateway's apikey refusal. */
function hasErrorShape(input: FuzzInput, response: RawResponse): boolean {
  if (input.request.method === 'HEAD' || response.body.length === 0) return true
  let body: unknown
  try {
    body = JSON.parse(response.body.toString('utf8'))
  } catch {
    // Outside the API (static files, unknown paths) a plain-text 404 is fine.
    return input.area === 'other'
  }
  const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : ''
  if (keys === 'hint,message') return true
  const path = input.request.path
  if (path.startsWith('/rest/v1/')) return keys === 'code,details,hint,message'
  // weak_password answers carry their reasons as an extra key.
  if (path.startsWith('/auth/v1')) {
    return ['code,error_code,msg', 'code,message'].some((shape) =>
      shape.split(',').every((key) => keys.split(',').includes(key)),
    )
  }
  if (path.startsWith('/storage/v1/')) return keys === 'error,message,statusCode'
  return true
}

function describeFindings(findings: Finding[]): string {
  return findings
    .map(({ input, status, body }) => {
      const { method, path, headers, body: sentBody } = input.request
      const payload = sentBody === undefined ? '' : abridged(String(sentBody))
      return `${status} ← ${method} ${path}\n  headers ${JSON.stringify(headers)}\n  body ${payload}\n  answer ${body}`
    })
    .join('\n')
}

/** A long body's start and end: what is wrong with it is often at the end (nesting, a last key). */
function abridged(text: string): string {
  return text.length <= 400 ? text : `${text.slice(0, 250)}…(${text.length} chars)…${text.slice(-100)}`
}
