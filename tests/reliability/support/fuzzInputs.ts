import fc from 'fast-check'
import { TINY_PNG } from '../../harness/testServer'
import type { RawRequest } from './rawHttp'
import { nameMarker, valueMarker } from './sqlMarkers'

/**
 * Generators of hostile requests for every endpoint. Data positions carry value markers and names
 * carry name markers (see sqlMarkers.ts). Nothing generated here may legitimately change data: writes
 * go out only as callers that row level security refuses; staff only read (staff's writes are in
 * staffWrites.ts).
 */
export interface FuzzTarget {
  tables: { name: string; columns: string[] }[]
  /** Functions that only read may be called as staff; the others only by outsiders. */
  functions: { name: string; args: string[]; readOnly: boolean }[]
  buckets: string[]
  anonKey: string
  /** Authorization values of callers who may read but never write: anon and a signed-up stranger. */
  outsiders: string[]
  /** Authorization values that must be refused: unsigned, wrongly signed, expired, wrong role. */
  forged: string[]
  staff: string
  /** A signed-up user of its own whose /user and /logout may be fuzzed. */
  fuzzUser: string
}

export type FuzzArea = 'rest' | 'rpc' | 'auth' | 'storage' | 'other'

export interface FuzzInput {
  area: FuzzArea
  request: RawRequest
  /** A sign-up that may legitimately create a user when its input happens to be valid. */
  signup?: boolean
}

const marker = fc.integer({ min: 0, max: 0xffffffff })
const valueMark = marker.map(valueMarker)
const nameMark = marker.map(nameMarker)

/** Characters and snippets that break naive parsers and quoting. */
const NASTY = [
  "'",
  '"',
  '\\',
  ';',
  '--',
  '/*',
  '*/',
  '$$',
  '$1',
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  '*',
  '&',
  '=',
  '+',
  ' ',
  "' or '1'='1",
  "'); drop table public.guests; --",
  'null',
  '{',
  '}',
  '[',
  ']',
  'é',
  '漢字',
  '🙂',
  '\t',
  'eq.',
  'not.',
  'or(',
  '->',
  '->>',
  '!inner',
  '...',
  '../',
  '\u202e',
]
/** Rarer: each makes most requests fail early (NUL, broken escapes, half a surrogate pair). */
const RARE = ['\u0000', '\n', '%', '%00', '%2e%2e', '%zz', '\ud800']
const nasty = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.constantFrom(...RARE) },
)

/** Free text around a value marker, so every data position is traceable. */
const text = fc
  .tuple(
    fc.array(nasty, { maxLength: 3 }),
    valueMark,
    fc.array(nasty, { maxLength: 3 }),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, mark, after, tail]) => before.join('') + mark + after.join('') + tail)

/** Values a type check meets: edge numbers and dates, which carry no marker but hit parsers. */
const typedLooking = fc.constantFrom(
  '1',
  '-1',
  '0',
  '-0',
  '1e309',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '2026-06-15',
  '2026-02-30',
  '0000-01-01',
  'true',
  'false',
  'null',
  '',
  '00000000-0000-0000-0000-000000000000',
  '{}',
  '[]',
  '{"a":1}',
)
const filterValue = fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: typedLooking })

const OPERATORS = [
  'eq',
  'eq',
  'neq',
  'lt',
  'ilike',
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'eq(any)',
  'like(all)',
  'zz',
  '',
]

/** Mostly real columns of the table at hand, so most requests get past parsing and reach SQL. */
function columnOf(columns: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...columns) },
    { weight: 2, arbitrary: nameMark },
    { weight: 1, arbitrary: fc.constantFrom('*', 'a"b', 'id;drop', ' ', 'ID', 'cabins', '', 'a b') },
  )
}

/**
 * `col`, `col->key->>0`. A path key is bound as a parameter where it is used, but in a select the
 * last one also names the output column (PostgREST's rule), so it counts as a name.
 */
function fieldOf(columns: string[]): fc.Arbitrary<string> {
  const step = fc.tuple(fc.constantFrom('->', '->>'), fc.oneof(nameMark, fc.nat(5).map(String)))
  const path = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as [string, string][]) },
    { weight: 1, arbitrary: fc.array(step, { minLength: 1, maxLength: 2 }) },
  )
  return fc
    .tuple(columnOf(columns), path)
    .map(([column, steps]) => column + steps.map(([arrow, key]) => arrow + key).join(''))
}

/** `op.value` with optional not., in.(…), is.…, fts(config).… */
const operation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constantFrom(...OPERATORS), filterValue).map(([op, v]) => `${op}.${v}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(filterValue, filterValue.map(quoted)), { maxLength: 4 })
      .map((values) => `in.(${values.join(',')})`),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('null', 'not_null', 'true', 'false', 'unknown', 'nul', '')
      .map((v) => `is.${v}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('fts', 'plfts', 'phfts', 'wfts'),
        fc.option(fc.oneof(valueMark, fc.constant('english'))),
        text,
      )
      .map(([op, config, v]) => `${op}${config === null ? '' : `(${config})`}.${v}`),
  },
)
const negatable = fc.tuple(fc.boolean(), operation).map(([not, op]) => (not ? `not.${op}` : op))

function quoted(value: string): string {
  return '"' + value.replaceAll('\\', '\\\\').replaceAll('"', '\\"') + '"'
}

/** `a.eq.1,and(b.lt.2,not.or(c.is.null,d.in.(1,2)))`, nested. */
function logicTree(columns: string[]): fc.Arbitrary<string> {
  const { tree } = fc.letrec<{ tree: string; leaf: string; group: string }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('group')),
    leaf: fc.tuple(fieldOf(columns), negatable).map(([field, op]) => `${field}.${op}`),
    group: fc
      .tuple(
        fc.constantFrom('and', 'or', 'not.and', 'not.or'),
        fc.array(tie('tree'), { minLength: 1, maxLength: 3 }),
      )
      .map(([op, children]) => `${op}(${children.join(',')})`),
  }))
  return tree
}

/** select lists with aliases, casts, JSON paths, embeds, hints, !inner and spreads. */
function selectList(target: FuzzTarget, columns: string[]): fc.Arbitrary<string> {
  const relation = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...target.tables.map((t) => t.name)) },
    { weight: 1, arbitrary: nameMark },
  )
  // Embedded tables' columns are mixed in: a few are right for the embed, the rest are refused.
  const anyColumns = [...new Set([...columns, ...target.tables.flatMap((t) => t.columns)])]
  const alias = fc.oneof(
    { weight: 6, arbitrary: nameMark },
    { weight: 1, arbitrary: fc.constantFrom('x', 'a"b', '') },
  )
  const { list } = fc.letrec<{ list: string; item: string; embed: string }>((tie) => ({
    list: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
    item: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: fieldOf(columns) },
      { weight: 1, arbitrary: fc.tuple(alias, fieldOf(columns)).map(([a, f]) => `${a}:${f}`) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fieldOf(columns),
            fc.constantFrom('text', 'int', 'json', 'bigint', 'regclass', 'pg_catalog.text'),
          )
          .map(([f, cast]) => `${f}::${cast}`),
      },
      { weight: 2, arbitrary: fc.constant('*') },
      { weight: 2, arbitrary: tie('embed') },
    ),
    embed: fc
      .tuple(
        fc.option(alias, { freq: 4 }),
        fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        relation,
        fc.option(fc.oneof(fc.constantFrom('inner', 'left'), nameMark), { freq: 3 }),
        fc.array(fc.oneof(fc.constant('*'), fieldOf(anyColumns)), { minLength: 1, maxLength: 3 }),
      )
      .map(
        ([a, spread, rel, hint, children]) =>
          `${spread ? '...' : ''}${a === null ? '' : `${a}:`}${rel}${hint === null ? '' : `!${hint}`}(${children.join(',')})`,
      ),
  }))
  return list
}

function queryString(target: FuzzTarget, columns: string[]): fc.Arbitrary<string> {
  const pair = fc.oneof(
    { weight: 4, arbitrary: selectList(target, columns).map((s) => ['select', s]) },
    { weight: 6, arbitrary: fc.tuple(fieldOf(columns), negatable) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('or', 'and', 'not.or', 'not.and'),
          fc.array(logicTree(columns), { minLength: 1, maxLength: 3 }),
        )
        .map(([key, trees]) => [key, `(${trees.join(',')})`]),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.tuple(
            fieldOf(columns),
            fc.constantFrom('asc', 'desc', 'desc', 'asc', 'desc', 'asc', 'zz'),
            fc.constantFrom('', '', '', '.nullsfirst', '.nullslast', '', '.x'),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map((terms) => ['order', terms.map(([f, d, n]) => `${f}.${d}${n}`).join(',')]),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constantFrom('limit', 'offset', 'limit', 'cabins.limit', 'guests.order'),
        fc.oneof(
          { weight: 4, arbitrary: fc.nat(2000).map(String) },
          { weight: 1, arbitrary: fc.constantFrom('-1', '1e3', '99999999999999999999', 'abc') },
          { weight: 1, arbitrary: valueMark },
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom('columns', 'on_conflict'),
        fc.array(columnOf(columns), { minLength: 1, maxLength: 3 }).map((c) => c.join(',')),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(nameMark, fc.constantFrom('', '=', '&')), filterValue) },
  )
  const raw = fc.oneof(
    { weight: 4, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  )
  return fc.array(pair, { maxLength: 4 }).chain((pairs) =>
    // Mostly encoded as supabase-js does; sometimes raw, so broken escapes and stray '&' reach the parser.
    raw.map((raw) =>
      pairs.map(([key, value]) => (raw ? `${key}=${value}` : `${encode(key)}=${encode(value)}`)).join('&'),
    ),
  )
}

const json = fc.letrec<{ value: unknown; leaf: unknown }>((tie) => ({
  leaf: fc.oneof(
    text,
    typedLooking,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(1e308, 2 ** 53 + 1, -1),
  ),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nameMark, fc.constantFrom('id', 'name', '__proto__')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value

/** Rows keyed mostly by real columns with scalar values, so inserts and updates get as far as SQL. */
function rowBody(columns: string[]): fc.Arbitrary<unknown> {
  const value = fc.oneof({ weight: 4, arbitrary: filterValue }, { weight: 1, arbitrary: json })
  const row = fc.dictionary(columnOf(columns), value, { maxKeys: 6 })
  return fc.oneof(
    { weight: 4, arbitrary: row },
    { weight: 2, arbitrary: fc.array(row, { maxLength: 3 }) },
    { weight: 1, arbitrary: json },
  )
}

const BROKEN_JSON = [
  '{',
  '[1,',
  '{"a":}',
  '"unterminated',
  '{"a":1}}',
  'nul',
  '\u0000',
  '['.repeat(2000),
  '{"a":' + '['.repeat(600),
]

function body(columns: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: rowBody(columns).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    { weight: 1, arbitrary: text },
  )
}

const PREFER = [
  'return=representation',
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'missing=default',
  'handling=strict',
  'handling=lenient',
  'tx=rollback',
  'max-affected=1',
  'timezone=UTC',
  'params=single-object',
  'zz=zz',
]
const ACCEPT = [
  'application/json',
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.array+json;nulls=stripped',
  'text/csv',
  'application/geo+json',
  '*/*',
  'text/html',
  'zz/zz',
]

/** Header values Node can send: anything printable, markers included. */
const headerText = text.map((value) => value.replace(/[^\x20-\x7e]/g, '?'))

/** Each header absent most of the time, and mostly sensible when present, as supabase-js sends them. */
function restHeaders(): fc.Arbitrary<Record<string, string>> {
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arbitrary })
  return fc
    .record({
      Prefer: sometimes(
        fc
          .array(
            fc.oneof(
              { weight: 6, arbitrary: fc.constantFrom(...PREFER) },
              { weight: 1, arbitrary: headerText },
            ),
            {
              minLength: 1,
              maxLength: 3,
            },
          )
          .map((values) => values.join(', ')),
      ),
      Accept: sometimes(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ACCEPT) }, { weight: 1, arbitrary: headerText }),
      ),
      Range: sometimes(
        fc.oneof(
          fc.tuple(fc.nat(50), fc.nat(50)).map(([a, b]) => `${a}-${b}`),
          fc.constantFrom('0-', '-5', 'x', '5-1'),
        ),
      ),
      'Accept-Profile': sometimes(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('public') },
          { weight: 1, arbitrary: fc.constantFrom('auth', 'pg_catalog') },
          { weight: 1, arbitrary: nameMark },
        ),
      ),
      'Content-Profile': sometimes(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('public') },
          { weight: 1, arbitrary: fc.constantFrom('auth', 'storage') },
          { weight: 1, arbitrary: nameMark },
        ),
      ),
      'Content-Type': fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/csv',
        'application/x-www-form-urlencoded',
        'text/plain',
      ),
    })
    .map(
      (headers) =>
        Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== null)) as Record<string, string>,
    )
}

/** Who asks: mostly real keys and tokens, sometimes a missing, wrong or forged one. */
function authHeaders(target: FuzzTarget, staffAllowed: boolean): fc.Arbitrary<Record<string, string>> {
  const bearer = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...target.outsiders) },
    { weight: staffAllowed ? 6 : 0, arbitrary: fc.constant(`Bearer ${target.staff}`) },
    { weight: 1, arbitrary: fc.constantFrom(...target.forged) },
    { weight: 1, arbitrary: headerText.map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: fc.constant('') },
  )
  const apikey = fc.oneof(
    { weight: 19, arbitrary: fc.constant(target.anonKey) },
    { weight: 1, arbitrary: fc.oneof(headerText, fc.constant('')) },
  )
  return fc.tuple(apikey, bearer).map(([key, auth]) => ({
    ...(key ? { apikey: key } : {}),
    ...(auth ? { Authorization: auth } : {}),
  }))
}

function restInput(target: FuzzTarget): fc.Arbitrary<FuzzInput> {
  const table = fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...target.tables) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          nameMark,
          fc.constantFrom('', 'a/b', '%2e%2e', 'pg_catalog.pg_user', 'auth.users', '..%2fauth'),
        )
        .map((name) => ({ name, columns: target.tables[0].columns })),
    },
  )
  const read = fc.tuple(fc.constantFrom('GET', 'GET', 'HEAD'), authHeaders(target, true))
  const write = fc.tuple(
    fc.constantFrom('POST', 'PATCH', 'DELETE', 'POST', 'PATCH', 'PUT', 'PROPFIND'),
    authHeaders(target, false),
  )
  return table.chain(({ name, columns }) =>
    fc
      .tuple(fc.oneof(read, write), queryString(target, columns), restHeaders(), body(columns))
      .map(([[method, who], query, headers, payload]) => ({
        area: 'rest' as const,
        request: {
          method,
          path: `/rest/v1/${name}${query ? `?${query}` : ''}`,
          headers: { ...headers, ...who },
          body: method === 'GET' || method === 'HEAD' ? undefined : payload,
        },
      })),
  )
}

function rpcInput(target: FuzzTarget): fc.Arbitrary<FuzzInput> {
  const fn = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...target.functions) },
    { weight: 1, arbitrary: nameMark.map((name) => ({ name, args: [], readOnly: false })) },
  )
  return fn.chain((f) => {
    const args = fc.dictionary(
      fc.oneof(
        { weight: 3, arbitrary: f.args.length ? fc.constantFrom(...f.args) : nameMark },
        { weight: 1, arbitrary: nameMark },
      ),
      json,
      { maxKeys: 4 },
    )
    return fc
      .tuple(
        fc.constantFrom('POST', 'GET', 'HEAD', 'PATCH'),
        args,
        queryString(target, f.args.length ? f.args : ['x']),
        restHeaders(),
        authHeaders(target, f.readOnly),
        fc.option(fc.constantFrom(...BROKEN_JSON), { freq: 10 }),
      )
      .map(([method, values, query, headers, who, broken]) => {
        const inQuery = method === 'GET' || method === 'HEAD'
        const argQuery = Object.entries(values)
          .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
          .join('&')
        const search = [inQuery ? argQuery : '', query].filter(Boolean).join('&')
        return {
          area: 'rpc' as const,
          request: {
            method,
            path: `/rest/v1/rpc/${f.name}${search ? `?${search}` : ''}`,
            headers: { ...headers, ...who },
            body: inQuery ? undefined : (broken ?? JSON.stringify(values)),
          },
        }
      })
  })
}

function authInput(target: FuzzTarget): fc.Arbitrary<FuzzInput> {
  const email = fc.oneof(
    text.map((t) => `${t}@example.com`),
    valueMark.map((m) => `${m}@example.com`),
    fc.constant('demo@innkeeper.local'),
    json,
  )
  const credentials = fc.record(
    {
      email,
      password: fc.oneof(text, json),
      phone: fc.oneof(text, json),
      data: json,
      refresh_token: fc.oneof(text, json),
    },
    { requiredKeys: [] },
  )
  const version = fc.option(fc.constantFrom('2024-01-01', '2099-01-01', 'x'))
  const request = (
    method: string,
    path: string,
    payload: unknown,
    authorization: string | undefined,
    apiVersion: string | null,
  ): RawRequest => ({
    method,
    path,
    headers: {
      apikey: target.anonKey,
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
      ...(apiVersion ? { 'X-Supabase-Api-Version': apiVersion } : {}),
    },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
  const grant = fc.oneof(
    { weight: 1, arbitrary: fc.constant('password') },
    { weight: 3, arbitrary: fc.constant('refresh_token') },
    { weight: 1, arbitrary: fc.oneof(valueMark, fc.constantFrom('pkce', 'id_token', '')) },
  )
  const tokenBody = fc.oneof(
    { weight: 9, arbitrary: credentials },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON) },
  )
  const token = fc.tuple(grant, tokenBody, version).map(([g, b, v]) => ({
    area: 'auth' as const,
    request: request('POST', `/auth/v1/token?grant_type=${encode(g)}`, b, undefined, v),
  }))
  const signup = fc.tuple(tokenBody, version).map(([b, v]) => ({
    area: 'auth' as const,
    signup: true,
    request: request('POST', '/auth/v1/signup', b, undefined, v),
  }))
  const user = fc
    .tuple(
      fc.constantFrom('GET', 'PUT'),
      fc.record({ data: json, email: json, password: json, nonce: json }, { requiredKeys: [] }),
      fc.oneof(
        fc.constant(`Bearer ${target.fuzzUser}`),
        headerText.map((t) => `Bearer ${t}`),
      ),
      version,
    )
    // Only a metadata change for the fuzz user: a new email or password would make it a different
    // test each run, and bcrypt would dominate the running time.
    .map(([method, b, authorization, v]) => ({
      area: 'auth' as const,
      request: request(
        method,
        '/auth/v1/user',
        authorization.includes(target.fuzzUser) ? { data: b.data } : b,
        authorization,
        v,
      ),
    }))
  const logout = fc
    .tuple(fc.constantFrom('global', 'local', 'others', 'x'), headerText, version)
    .map(([scope, t, v]) => ({
      area: 'auth' as const,
      request: request('POST', `/auth/v1/logout?scope=${scope}`, '', `Bearer ${t}`, v),
    }))
  const elsewhere = fc
    .tuple(fc.constantFrom('/admin/users', '/verify', '/otp', '/recover', '/settings', '/'), nameMark)
    .map(([path, m]) => ({
      area: 'auth' as const,
      request: request('POST', `/auth/v1${path}?${m}=1`, {}, undefined, null),
    }))
  return fc.oneof(
    { weight: 3, arbitrary: token },
    { weight: 1, arbitrary: signup },
    { weight: 2, arbitrary: user },
    { weight: 1, arbitrary: logout },
    { weight: 1, arbitrary: elsewhere },
  )
}

/** Object names built from path tricks, so a key that escaped the storage folder would be found. */
const keySegment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E%2E',
      '..%2f..',
      '%2f',
      '%5c',
      '..\\..',
      '',
      'C:',
      'etc',
      'passwd',
      '%00',
      'jwt-secret',
      '~',
    ),
  },
  { weight: 3, arbitrary: valueMark.map((m) => `${m}.png`) },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: fc.constant('a'.repeat(1100)) },
)
const objectKey = fc.array(keySegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'))

const UPLOADS = [
  TINY_PNG,
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from('<!doctype html><script>alert(1)</script>'),
  Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
  Buffer.alloc(0),
]

function storageInput(target: FuzzTarget): fc.Arbitrary<FuzzInput> {
  const bucket = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...target.buckets) },
    { weight: 1, arbitrary: nameMark },
    { weight: 1, arbitrary: fc.constantFrom('..', '%2e%2e', 'cabin-images%2f..', '', 'storage') },
  )
  const readRoute = fc.constantFrom('public/', 'authenticated/', '', 'sign/', 'list/', 'info/')
  const read = fc
    .tuple(
      fc.constantFrom('GET', 'HEAD'),
      readRoute,
      bucket,
      objectKey,
      fc.option(text),
      authHeaders(target, true),
    )
    .map(([method, route, b, key, download, who]) => ({
      area: 'storage' as const,
      request: {
        method,
        path: `/storage/v1/object/${route}${b}/${key}${download === null ? '' : `?download=${encode(download)}`}`,
        headers: who,
      },
    }))
  const upload = fc
    .tuple(
      fc.constantFrom('POST', 'PUT'),
      bucket,
      objectKey,
      fc.oneof(
        fc.constantFrom(...UPLOADS),
        fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      ),
      fc.constantFrom(
        'image/png',
        'image/svg+xml',
        'text/html',
        'application/octet-stream',
        'multipart/form-data; boundary=x',
        '',
      ),
      fc.constantFrom('true', 'false', 'x'),
      authHeaders(target, false),
    )
    .map(([method, b, key, bytes, type, upsert, who]) => ({
      area: 'storage' as const,
      request: {
        method,
        path: `/storage/v1/object/${b}/${key}`,
        headers: { ...who, ...(type ? { 'Content-Type': type } : {}), 'x-upsert': upsert },
        body: bytes,
      },
    }))
  const remove = fc
    .tuple(
      bucket,
      fc.oneof(
        fc.array(objectKey, { maxLength: 3 }).map((prefixes) => ({ prefixes })),
        json,
      ),
      authHeaders(target, false),
    )
    .map(([b, payload, who]) => ({
      area: 'storage' as const,
      request: {
        method: 'DELETE',
        path: `/storage/v1/object/${b}`,
        headers: { ...who, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload) ?? '',
      },
    }))
  return fc.oneof(
    { weight: 3, arbitrary: read },
    { weight: 2, arbitrary: upload },
    { weight: 1, arbitrary: remove },
  )
}

function otherInput(): fc.Arbitrary<FuzzInput> {
  return fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'OPTIONS', 'DELETE', 'PROPFIND'),
      fc.oneof(
        fc.constantFrom(
          '/',
          '/health',
          '/config.json',
          '/rest/v1',
          '/rest/v1/',
          '/rest/v1/rpc',
          '/rest/v1/rpc/',
          '/rest/v1/a/b/c',
          '//rest/v1/cabins',
          '/rest/v1/%2e%2e/auth/v1/user',
          '/storage/v1',
          '/auth/v1',
          '/realtime/v1/websocket',
          '/%2e%2e/%2e%2e/etc/passwd',
          '/..%2f..%2fjwt-secret',
        ),
        text.map((t) => `/${t}`),
      ),
      fc.dictionary(
        fc.constantFrom('Origin', 'Access-Control-Request-Headers', 'Host', 'X-Forwarded-For'),
        headerText,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([method, path, headers]) => ({ area: 'other' as const, request: { method, path, headers } }))
}

export function fuzzInput(target: FuzzTarget): fc.Arbitrary<FuzzInput> {
  return fc
    .oneof(
      { weight: 60, arbitrary: restInput(target) },
      { weight: 10, arbitrary: rpcInput(target) },
      { weight: 10, arbitrary: authInput(target) },
      { weight: 15, arbitrary: storageInput(target) },
      { weight: 5, arbitrary: otherInput() },
    )
    .map((input) => ({ ...input, request: { ...input.request, path: sendablePath(input.request.path) } }))
}

/** Lone surrogates cannot be encoded as UTF-8; they become U+FFFD, as a browser would send them. */
function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

/** Percent-encoded as supabase-js encodes; a lone surrogate becomes U+FFFD first. */
export function encode(value: string): string {
  return encodeURIComponent(wellFormed(value))
}

/**
 * Node refuses to send a request line with spaces or non-ASCII characters, so those (only) are
 * percent-encoded; '%', '..' and everything else printable go out exactly as generated.
 */
function sendablePath(path: string): string {
  let out = ''
  for (const char of wellFormed(path)) out += /[\x21-\x7e]/.test(char) ? char : encodeURIComponent(char)
  return out
}
