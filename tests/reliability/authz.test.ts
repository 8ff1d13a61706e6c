import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/types'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, TINY_PNG, startTestServer, type TestServer } from '../harness/testServer'
import {
  bucketIds,
  changedTables,
  digestFolder,
  publicFunctions,
  publicTables,
  snapshotTables,
  type CatalogueColumn,
  type CatalogueFunction,
  type CatalogueTable,
} from './support/catalogue'
import { rawClient, type RawClient, type RawResponse } from './support/rawHttp'

/**
 * Issue 7, authorisation: as anon and as someone who signed up but is not staff, try every verb on
 * every table, call every function and touch every bucket, all discovered from pg_catalog, and prove
 * that nothing was read and nothing changed.
 */
const SCHEMAS = ['public', 'auth', 'storage', 'innkeeper_meta']
const PROBE_TEXT = 'authz-probe@example.com'

interface Caller {
  label: string
  headers: Record<string, string>
  userId: string
}

describe.each(testDatabaseKinds())('authorisation walk on %s', (kind) => {
  let server: TestServer
  let db: Database
  let http: RawClient
  let tables: CatalogueTable[]
  let functions: CatalogueFunction[]
  let buckets: string[]
  /** One existing row per table (as JSON), and one existing object name per bucket. */
  const sampleRows = new Map<string, Record<string, unknown>>()
  const sampleObjects = new Map<string, string>()
  /** Every text value stored in public tables: finding one in an answer means something leaked. */
  let storedTexts: Set<string>
  let requests = 0
  const leaks: string[] = []

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    db = server.db
    http = rawClient(server.url)
    ;[tables, functions, buckets] = await Promise.all([publicTables(db), publicFunctions(db), bucketIds(db)])

    // The demo seed leaves invites empty and avatars unused: give every table and bucket something
    // to hide, or an empty answer would prove nothing.
    await db.query(
      'insert into public.staff_invites (email, token_hash) values ($1, $2) on conflict do nothing',
      ['authz-canary@example.com', 'authz-canary-token-hash'],
    )
    const staff = server.client()
    await staff.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    for (const bucket of buckets) {
      const { rows } = await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 order by name limit 1',
        [bucket],
      )
      if (!rows[0]) {
        const name = `authz/canary-${bucket}.png`
        const { error } = await staff.storage
          .from(bucket)
          .upload(name, TINY_PNG, { contentType: 'image/png' })
        expect(error).toBeNull()
        sampleObjects.set(bucket, name)
      } else sampleObjects.set(bucket, rows[0].name)
    }
    for (const table of tables) {
      const { rows } = await db.query<{ row: unknown }>(
        `select to_jsonb(t) as row from public.${ident(table.name)} t limit 1`,
      )
      const row = rows[0]?.row
      if (row)
        sampleRows.set(
          table.name,
          (typeof row === 'string' ? JSON.parse(row) : row) as Record<string, unknown>,
        )
    }
    storedTexts = await textsIn(db, tables)
  })

  afterAll(async () => {
    http?.close()
    await server?.stop()
    console.log(
      `authz (${kind}): ${tables?.length} tables, ${functions?.length} functions, ${buckets?.length} buckets ` +
        `walked as anon and non-staff, ${requests} requests, ${leaks.length} leaks`,
    )
  })

  async function signUpOutsider(): Promise<Caller> {
    const response = await http.send({
      method: 'POST',
      path: '/auth/v1/signup',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `outsider-${Date.now()}@example.com`, password: 'outsider-password' }),
    })
    const session = JSON.parse(response.body.toString()) as { access_token: string; user: { id: string } }
    expect(session.access_token).toBeTruthy()
    return {
      label: 'non-staff',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${session.access_token}` },
      userId: session.user.id,
    }
  }

  const anon = (): Caller => ({
    label: 'anon',
    headers: { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` },
    userId: '00000000-0000-4000-8000-000000000000',
  })

  async function send(
    caller: Caller,
    what: string,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
  ): Promise<RawResponse> {
    requests++
    const json = options.body !== undefined
    const response = await http.send({
      method,
      path,
      headers: {
        ...caller.headers,
        ...(json ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.raw ?? (json ? JSON.stringify(options.body) : undefined),
    })
    if (response.status >= 500) leaks.push(`${caller.label} ${what}: ${response.status} ${response.body}`)
    return response
  }

  /** A 2xx answer that carries rows (or an object) is a leak; errors and empty lists are not. */
  function expectNoRows(caller: Caller, what: string, response: RawResponse): void {
    if (response.status < 200 || response.status >= 300 || response.body.length === 0) return
    const body = parseJson(response.body)
    const empty = Array.isArray(body) ? body.length === 0 : body === null
    if (!empty)
      leaks.push(`${caller.label} ${what}: ${response.status} ${response.body.toString().slice(0, 200)}`)
  }

  async function walkTable(caller: Caller, table: CatalogueTable): Promise<void> {
    const path = `/rest/v1/${encodeURIComponent(table.name)}`
    const sample = sampleRows.get(table.name) ?? syntheticRow(table, caller)
    const key = table.primaryKey[0] ?? table.columns[0].name
    const keyFilter = `${encodeURIComponent(key)}=eq.${encodeURIComponent(String(sample[key]))}`
    const everyRow = `${encodeURIComponent(key)}=not.is.null`
    const representation = { Prefer: 'return=representation' }
    const name = (verb: string) => `${verb} ${table.name}`

    expectNoRows(caller, name('select'), await send(caller, name('select'), 'GET', `${path}?select=*`))
    const counted = await send(caller, name('count'), 'HEAD', `${path}?select=*`, {
      headers: { Prefer: 'count=exact' },
    })
    const total = String(counted.headers['content-range'] ?? '').split('/')[1]
    if (counted.status < 300 && total !== '0') leaks.push(`${caller.label} ${name('count')}: ${total} rows`)

    const inserted = await send(caller, name('insert'), 'POST', path, {
      body: insertable(table, sample, caller),
      headers: representation,
    })
    if (inserted.status < 400) leaks.push(`${caller.label} ${name('insert')}: ${inserted.status}`)
    const upserted = await send(
      caller,
      name('upsert'),
      'POST',
      `${path}?on_conflict=${encodeURIComponent(key)}`,
      {
        body: { ...insertable(table, sample, caller), [key]: sample[key] },
        headers: { Prefer: 'return=representation,resolution=merge-duplicates' },
      },
    )
    if (upserted.status < 400) leaks.push(`${caller.label} ${name('upsert')}: ${upserted.status}`)

    const change = changed(table, sample, caller)
    for (const filter of [keyFilter, everyRow]) {
      const update = await send(caller, name('update'), 'PATCH', `${path}?${filter}`, {
        body: change,
        headers: representation,
      })
      expectNoRows(caller, name('update'), update)
    }
    expectNoRows(
      caller,
      name('delete'),
      await send(caller, name('delete'), 'DELETE', `${path}?${everyRow}`, { headers: representation }),
    )
  }

  async function walkFunction(caller: Caller, fn: CatalogueFunction): Promise<void> {
    const args = Object.fromEntries(fn.args.map((arg) => [arg.name, valueFor(arg.base, caller)]))
    const path = `/rest/v1/rpc/${encodeURIComponent(fn.name)}`
    const calls = [await send(caller, `rpc ${fn.name}`, 'POST', path, { body: args })]
    if (!fn.volatile) {
      const query = new URLSearchParams(
        Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()
      calls.push(await send(caller, `rpc GET ${fn.name}`, 'GET', `${path}?${query}`))
    }
    for (const response of calls) {
      if (response.status >= 300 || response.body.length === 0) continue
      const revealed = revealing(parseJson(response.body), storedTexts)
      if (revealed) leaks.push(`${caller.label} rpc ${fn.name} revealed ${revealed}`)
    }
  }

  async function walkBucket(caller: Caller, bucket: string): Promise<void> {
    const existing = sampleObjects.get(bucket)!
    const object = (name: string) => `/storage/v1/object/${encodeURIComponent(bucket)}/${encodePath(name)}`
    const png = { raw: TINY_PNG, headers: { 'Content-Type': 'image/png' } }
    const refused = (what: string, response: RawResponse) => {
      if (response.status === 200) leaks.push(`${caller.label} ${what} ${bucket}: 200 ${response.body}`)
    }
    refused(
      'upload',
      await send(caller, `upload ${bucket}`, 'POST', object(`authz/${caller.label}.png`), png),
    )
    refused(
      'overwrite',
      await send(caller, `overwrite ${bucket}`, 'POST', object(existing), {
        ...png,
        headers: { ...png.headers, 'x-upsert': 'true' },
      }),
    )
    refused('update', await send(caller, `update ${bucket}`, 'PUT', object(existing), png))
    refused('remove one', await send(caller, `remove ${bucket}`, 'DELETE', object(existing)))
    expectNoRows(
      caller,
      `remove ${bucket}`,
      await send(caller, `remove ${bucket}`, 'DELETE', `/storage/v1/object/${encodeURIComponent(bucket)}`, {
        body: { prefixes: [existing] },
      }),
    )
    refused('download', await send(caller, `download ${bucket}`, 'GET', object(existing)))
    refused(
      'authenticated read',
      await send(
        caller,
        `read ${bucket}`,
        'GET',
        `/storage/v1/object/authenticated/${bucket}/${encodePath(existing)}`,
      ),
    )
    const listing = await send(caller, `list ${bucket}`, 'POST', `/storage/v1/object/list/${bucket}`, {
      body: { prefix: '', limit: 100 },
    })
    if (listing.body.toString().includes(existing))
      leaks.push(`${caller.label} list ${bucket}: ${listing.body}`)
    refused(
      'sign',
      await send(
        caller,
        `sign ${bucket}`,
        'POST',
        `/storage/v1/object/sign/${bucket}/${encodePath(existing)}`,
        {
          body: { expiresIn: 60 },
        },
      ),
    )
  }

  it('reads nothing and changes nothing through rest, rpc or storage', async () => {
    expect(tables.length).toBeGreaterThan(0)
    expect(functions.length).toBeGreaterThan(0)
    expect(buckets.length).toBeGreaterThan(0)
    const withoutRows = tables.filter((table) => !sampleRows.has(table.name)).map((table) => table.name)
    expect(withoutRows, 'tables with no row prove nothing when reads come back empty').toEqual([])

    const storageDir = join(server.dataDir, 'storage')
    const before = await snapshotTables(db, SCHEMAS)
    const filesBefore = await digestFolder(storageDir)
    for (const caller of [anon(), await signUpOutsider()]) {
      // The outsider's own sign-up is the only change allowed, and it happened above.
      const start = await snapshotTables(db, SCHEMAS)
      for (const table of tables) await walkTable(caller, table)
      for (const fn of functions) await walkFunction(caller, fn)
      for (const bucket of buckets) await walkBucket(caller, bucket)
      expect(changedTables(start, await snapshotTables(db, SCHEMAS)), caller.label).toEqual([])
    }
    expect(await digestFolder(storageDir)).toBe(filesBefore)
    const allowed = ['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens']
    expect(changedTables(before, await snapshotTables(db, SCHEMAS), allowed)).toEqual([])
    expect(leaks).toEqual([])
  })
})

function ident(name: string): string {
  return '"' + name.replaceAll('"', '""') + '"'
}

function encodePath(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/')
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return body.toString('utf8')
  }
}

/** A plausible value of a type; uuids name the caller, so a walk also tries to make itself staff. */
function valueFor(base: string, caller: Caller): unknown {
  if (/^(int[248]|numeric|float[48])$/.test(base)) return 7
  if (base === 'date') return '2026-06-15'
  if (base === 'timestamptz' || base === 'timestamp') return new Date().toISOString()
  if (base === 'bool') return true
  if (base === 'uuid') return caller.userId
  if (base === 'json' || base === 'jsonb') return {}
  return PROBE_TEXT
}

function syntheticRow(table: CatalogueTable, caller: Caller): Record<string, unknown> {
  return Object.fromEntries(table.columns.map((column) => [column.name, valueFor(column.base, caller)]))
}

/**
 * The sample row as a new row: database-filled columns dropped, texts made unique so a unique
 * constraint cannot be what refuses it, uuids pointing at the caller. Row level security must refuse.
 */
function insertable(table: CatalogueTable, sample: Record<string, unknown>, caller: Caller) {
  const row: Record<string, unknown> = {}
  for (const column of table.columns) {
    if (column.generated) continue
    row[column.name] = column.base === 'uuid' ? caller.userId : uniqueText(column, sample[column.name])
  }
  return row
}

function uniqueText(column: CatalogueColumn, value: unknown): unknown {
  if (column.base !== 'text' && column.base !== 'varchar') return value
  return column.name.toLowerCase().includes('email') ? `authz-${Date.now()}@example.com` : `${value}-authz`
}

/**
 * A real, valid change to one column a client may write (texts first: they take any value), so a
 * refusal comes from row level security and not from a type or rule.
 */
function changed(table: CatalogueTable, sample: Record<string, unknown>, caller: Caller) {
  const writable = table.columns.filter((c) => !c.generated && !table.primaryKey.includes(c.name))
  const rank = (column: CatalogueColumn) =>
    ['text', 'varchar'].includes(column.base)
      ? 0
      : typeof sample[column.name] === 'number'
        ? 1
        : column.base === 'bool'
          ? 2
          : column.base === 'uuid'
            ? 3
            : 4
  const column = writable.sort((a, b) => rank(a) - rank(b))[0] ?? table.columns[0]
  const value = sample[column.name]
  const next =
    rank(column) === 0
      ? `${String(value)}-authz`
      : rank(column) === 1
        ? (value as number) + 1
        : rank(column) === 2
          ? !value
          : rank(column) === 3
            ? caller.userId
            : new Date().toISOString()
  return { [column.name]: next }
}

/**
 * What an answer gives away: any stored text, or any number or true flag (a count, a sum, an id).
 * An outsider's dashboard is all zeros and empty lists; `is_staff()` is false.
 */
function revealing(value: unknown, stored: Set<string>): string | undefined {
  if (typeof value === 'string') return stored.has(value) ? JSON.stringify(value) : undefined
  if (typeof value === 'number') return value !== 0 ? String(value) : undefined
  if (typeof value === 'boolean') return value ? 'true' : undefined
  if (Array.isArray(value)) return value.map((item) => revealing(item, stored)).find(Boolean)
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => revealing(item, stored) && `${key}: ${revealing(item, stored)}`)
      .find(Boolean)
  }
  return undefined
}

async function textsIn(db: Database, tables: CatalogueTable[]): Promise<Set<string>> {
  const texts = new Set<string>()
  for (const table of tables) {
    for (const column of table.columns.filter((c) => c.base === 'text' || c.base === 'varchar')) {
      const { rows } = await db.query<{ value: string }>(
        `select distinct ${ident(column.name)} as value from public.${ident(table.name)} where ${ident(column.name)} is not null`,
      )
      for (const { value } of rows) texts.add(value)
    }
  }
  return texts
}
