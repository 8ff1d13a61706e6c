import fc from 'fast-check'
import type { CatalogueColumn, CatalogueFunction, CatalogueTable } from './catalogue'
import { encode, type FuzzInput } from './fuzzInputs'
import { valueMarker } from './sqlMarkers'

/**
 * Writes as staff, whom row level security lets through: every rule that protects the data must then
 * hold in the database itself. Each write starts from a row the desk could send (so some succeed and
 * the rest get as far as the rules) and is spoilt with hostile values: huge strings, NaN and Infinity,
 * wrong types, nested and deeply nested JSON, unknown and many columns, impossible dates, overflowing
 * numbers, Unicode edge cases and prototype-pollution keys.
 */
export interface StaffWriteTarget {
  /** The tables staff may write, each with primary key values of rows that existed before the run. */
  tables: { table: CatalogueTable; keys: string[] }[]
  functions: CatalogueFunction[]
  anonKey: string
  staff: string
}

/** JSON text sent as is: number literals JSON.stringify cannot write (1e999), deep nesting. */
class RawJson {
  constructor(readonly text: string) {}
}

/** An object as ordered entries, so `__proto__` and repeated keys reach the wire as keys. */
class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (value instanceof Entries) {
    return `{${value.entries.map(([key, v]) => `${JSON.stringify(key)}:${toJson(v)}`).join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  return JSON.stringify(value) ?? 'null'
}

const mark = fc.integer({ min: 0, max: 0xffffffff }).map(valueMarker)
/** Free text, carrying a value marker so the SQL check sees where it travels. */
const plainText = fc.tuple(fc.string({ maxLength: 8 }), mark).map(([text, m]) => `${text}${m}`)

const DEEP = 100_000
const HOSTILE: unknown[] = [
  // Numbers that are not numbers, or too big for their column.
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  'infinity',
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('1e-999'),
  new RawJson('123456789012345678901234567890'),
  '99999999999999999999',
  '9223372036854775808',
  2147483648,
  -2147483649,
  -1,
  -0.01,
  0,
  0.5,
  1e308,
  '12abc',
  '0x10',
  ' 7 ',
  // Dates that do not exist or never end.
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '294277-01-01',
  'infinity',
  '-infinity',
  'epoch',
  '2026-06-15T25:00:00',
  '20260615',
  '1 BC',
  // Text at the edges of Unicode.
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202egnp.exe',
  '\u200b',
  '\ufeff',
  'e\u0301'.repeat(500),
  '👩‍👩‍👧‍👦',
  '\u{10ffff}',
  '\u2028\u2029',
  // Huge strings (the body stays under the 1 MB limit).
  'x'.repeat(200_000),
  '漢🙂'.repeat(30_000),
  // Wrong types and nesting.
  true,
  false,
  null,
  [],
  [1, 'two', null],
  new Entries([]),
  new Entries([['a', new Entries([['b', [1, new Entries([['c', null]])]]])]]),
  new Entries([['__proto__', new Entries([['isStaff', true]])]]),
  new Entries([['constructor', new Entries([['prototype', new Entries([['polluted', true]])]])]]),
  new RawJson('['.repeat(DEEP) + ']'.repeat(DEEP)),
  new RawJson('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)),
  // Identifiers and SQL-looking text.
  '00000000-0000-0000-0000-000000000000',
  "'); drop table public.bookings; --",
]
const hostile = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: plainText },
)

/** Keys that are not columns: unknown, prototype-pollution, quoting tricks. */
const strangeKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'nope', 'ID', 'a"b', 'id;drop', '', '*'),
  mark,
)

const DAY_MS = 86_400_000
const FAR_FUTURE = Date.UTC(2031, 0, 1)
/** Stays years after the demo's, spread wide so that few overlap one another. */
const futureDate = fc.integer({ min: 0, max: 3650 })
const isoDate = (days: number) => new Date(FAR_FUTURE + days * DAY_MS).toISOString().slice(0, 10)

/** A value of the column's type the desk could send. */
function plausibleValue(column: CatalogueColumn): fc.Arbitrary<unknown> {
  switch (column.base) {
    case 'int2':
    case 'int4':
    case 'int8':
      return fc.integer({ min: 1, max: 10 })
    case 'numeric':
    case 'float4':
    case 'float8':
      return fc.integer({ min: 0, max: 1000 })
    case 'bool':
      return fc.boolean()
    case 'date':
      return futureDate.map(isoDate)
    case 'timestamptz':
    case 'timestamp':
      return futureDate.map((days) => `${isoDate(days)}T12:00:00Z`)
    case 'uuid':
      return fc.uuid()
    default:
      return plainText
  }
}

const pick = <T>(values: T[], fallback: T) =>
  values.length ? fc.constantFrom(...values) : fc.constant(fallback)

/**
 * A row the desk could write, for the tables whose rules make a random row hopeless (a booking's
 * nights, prices and status must agree); any other table gets a plausible value per column.
 */
function plausibleRow(target: StaffWriteTarget, table: CatalogueTable): fc.Arbitrary<[string, unknown][]> {
  const keysOf = (name: string) => target.tables.find((t) => t.table.name === name)?.keys ?? []
  switch (table.name) {
    case 'bookings':
      return fc
        .record({
          start: futureDate,
          nights: fc.integer({ min: 3, max: 10 }),
          numGuests: fc.integer({ min: 1, max: 2 }),
          cabinPrice: fc.integer({ min: 0, max: 2000 }),
          isPaid: fc.boolean(),
          // Mostly a new booking; sometimes one that claims to have checked in or out already.
          status: fc.constantFrom('unconfirmed', 'unconfirmed', 'unconfirmed', 'checked-in', 'checked-out'),
          observations: plainText,
          cabinId: pick(keysOf('cabins'), '1'),
          guestId: pick(keysOf('guests'), '1'),
        })
        .map(({ start, nights, cabinPrice, ...rest }) =>
          Object.entries({
            startDate: isoDate(start),
            endDate: isoDate(start + nights),
            numNights: nights,
            cabinPrice,
            extrasPrice: 0,
            totalPrice: cabinPrice,
            hasBreakfast: false,
            ...rest,
            cabinId: Number(rest.cabinId),
            guestId: Number(rest.guestId),
          }),
        )
    case 'cabins':
      return fc
        .record({
          name: plainText,
          maxCapacity: fc.integer({ min: 1, max: 10 }),
          regularPrice: fc.integer({ min: 1, max: 1000 }),
          description: plainText,
        })
        .map((cabin) => Object.entries({ ...cabin, discount: Math.floor(cabin.regularPrice / 10) }))
    case 'settings':
      return fc
        .record({
          minBookingLength: fc.integer({ min: 1, max: 3 }),
          maxBookingLength: fc.integer({ min: 30, max: 90 }),
          maxGuestsPerBooking: fc.integer({ min: 4, max: 10 }),
          breakfastPrice: fc.integer({ min: 1, max: 50 }),
        })
        .map((settings) => Object.entries(settings))
    default: {
      const columns = table.columns.filter((c) => !c.generated && c.name !== 'created_at')
      return fc
        .tuple(...columns.map(plausibleValue))
        .map((values) => columns.map((c, i) => [c.name, values[i]]))
    }
  }
}

/** Spoils a row: hostile values in some columns, unknown keys, a dropped column, or very many keys. */
function spoilt(
  row: fc.Arbitrary<[string, unknown][]>,
  columns: string[],
): fc.Arbitrary<[string, unknown][]> {
  const change = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...columns), hostile) },
    { weight: 1, arbitrary: fc.tuple(strangeKey, hostile) },
  )
  return fc
    .tuple(
      row,
      fc.array(change, { minLength: 0, maxLength: 3 }),
      fc.option(fc.constantFrom(...columns), { freq: 8 }),
      fc.oneof({ weight: 30, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(500) }),
    )
    .map(([entries, changes, dropped, extraKeys]) => {
      const changed = new Map(changes)
      const kept = entries
        .filter(([key]) => key !== dropped)
        .map(([key, value]): [string, unknown] => [key, changed.has(key) ? changed.get(key) : value])
      const added = changes.filter(([key]) => !kept.some(([k]) => k === key))
      const many = Array.from({ length: extraKeys }, (_, i): [string, unknown] => [`extra${i}`, i])
      return [...kept, ...added, ...many]
    })
}

const headersFor = (target: StaffWriteTarget, prefer: string[]) => ({
  apikey: target.anonKey,
  Authorization: `Bearer ${target.staff}`,
  'Content-Type': 'application/json',
  ...(prefer.length ? { Prefer: prefer.join(', ') } : {}),
})

const preferences = fc.subarray(['return=representation', 'missing=default', 'count=exact'], {
  maxLength: 2,
})

/**
 * A filter on the primary key: mostly a row that exists (so updates and deletes reach the rules),
 * sometimes a hostile value. Never an open filter, so every booking that did not exist before the
 * run was made by an insert.
 */
function keyFilter(pk: string, keys: string[]): fc.Arbitrary<string> {
  const scalar = (value: unknown) => (typeof value === 'string' ? value : toJson(value))
  return fc
    .oneof(
      { weight: 8, arbitrary: pick(keys, '1').map((key) => `eq.${key}`) },
      { weight: 1, arbitrary: fc.tuple(pick(keys, '1'), pick(keys, '2')).map(([a, b]) => `in.(${a},${b})`) },
      { weight: 1, arbitrary: hostile.map((value) => `eq.${scalar(value).slice(0, 1000)}`) },
    )
    .map((operation) => `${encode(pk)}=${encode(operation)}`)
}

function tableWrite(target: StaffWriteTarget): fc.Arbitrary<FuzzInput> {
  return fc.constantFrom(...target.tables).chain(({ table, keys }) => {
    const columns = table.columns.map((c) => c.name)
    const pk = table.primaryKey[0] ?? 'id'
    const row = spoilt(plausibleRow(target, table), columns).map((entries) => new Entries(entries))
    const path = `/rest/v1/${table.name}`
    const insert = fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: row }, { weight: 1, arbitrary: fc.array(row, { maxLength: 3 }) }),
        preferences,
        fc.boolean(),
      )
      .map(([body, prefer, upsert]) => ({
        method: 'POST',
        path: upsert ? `${path}?on_conflict=${pk}` : path,
        headers: headersFor(target, upsert ? [...prefer, 'resolution=merge-duplicates'] : prefer),
        body: toJson(body),
      }))
    const someColumns = row.chain((body) =>
      fc
        .shuffledSubarray(body.entries, {
          minLength: Math.min(1, body.entries.length),
          maxLength: Math.min(4, body.entries.length),
        })
        .map((entries) => new Entries(entries)),
    )
    const update = fc.tuple(keyFilter(pk, keys), someColumns, preferences).map(([filter, body, prefer]) => ({
      method: 'PATCH',
      path: `${path}?${filter}`,
      headers: headersFor(target, prefer),
      body: toJson(body),
    }))
    const remove = fc.tuple(keyFilter(pk, keys), preferences).map(([filter, prefer]) => ({
      method: 'DELETE',
      path: `${path}?${filter}`,
      headers: headersFor(target, prefer),
    }))
    // A body that is no row at all: a bare value, or JSON nested far deeper than any row.
    const shapeless = fc
      .tuple(fc.constantFrom('POST', 'PATCH'), hostile, keyFilter(pk, keys))
      .map(([method, body, filter]) => ({
        method,
        path: method === 'PATCH' ? `${path}?${filter}` : path,
        headers: headersFor(target, []),
        body: toJson(body),
      }))
    return fc
      .oneof(
        { weight: 4, arbitrary: insert },
        { weight: 4, arbitrary: update },
        { weight: 1, arbitrary: remove },
        { weight: 1, arbitrary: shapeless },
      )
      .map((request) => ({ area: 'rest' as const, request }))
  })
}

function rpcCall(target: StaffWriteTarget): fc.Arbitrary<FuzzInput> {
  return fc.constantFrom(...target.functions).chain((fn) => {
    const args = fn.args.map((arg) => ({ ...arg, generated: false }))
    const plausible = args.length
      ? fc
          .tuple(...args.map(plausibleValue))
          .map((values) => args.map((a, i): [string, unknown] => [a.name, values[i]]))
      : fc.constant([] as [string, unknown][])
    return spoilt(plausible, args.length ? args.map((a) => a.name) : ['x']).map((entries) => ({
      area: 'rpc' as const,
      request: {
        method: 'POST',
        path: `/rest/v1/rpc/${fn.name}`,
        headers: headersFor(target, []),
        body: toJson(new Entries(entries)),
      },
    }))
  })
}

export function staffWriteInput(target: StaffWriteTarget): fc.Arbitrary<FuzzInput> {
  return fc.oneof({ weight: 9, arbitrary: tableWrite(target) }, { weight: 1, arbitrary: rpcCall(target) })
}
