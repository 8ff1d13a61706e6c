import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RestError } from '../errors'
import { MAX_ROWS } from '../limits'
import { parseQuery } from '../parse/query'
import { planRead } from '../plan/read'
import { fixtureSchema } from '../../../../tests/harness/restSchemaCache'
import { Params } from './params'
import { readStatement } from './read'

const cache = fixtureSchema()

function build(rawQuery: string, table = 'bookings', counted = false) {
  const params = new Params()
  const info = cache.tables.get(table)!
  const root = planRead(info, parseQuery(rawQuery, 'table'), { cache, fromSource: false, isMutation: false })
  const sql = readStatement(root, params, {
    total: counted ? 'matching' : undefined,
    body: { kind: 'array', stripNulls: false },
  })
  return { sql, values: params.values, root }
}

const errorOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return (error as RestError).body
  }
  throw new Error('no error')
}

describe('read SQL', () => {
  it('builds the bookings list page (E1) as one statement with embeds, count, order and range', () => {
    const { sql, values } = build(
      'select=id,startDate,totalPrice,cabins(name),guests(fullName,email)&status=eq.unconfirmed&order=startDate.desc&offset=0&limit=10',
      'bookings',
      true,
    )
    expect(sql).toBe(
      'WITH pgrst_page AS (SELECT "pgrst_0"."id" AS "id", "pgrst_0"."startDate" AS "startDate", ' +
        '"pgrst_0"."totalPrice" AS "totalPrice", row_to_json("pgrst_1".*) AS "cabins", row_to_json("pgrst_2".*) AS "guests" ' +
        'FROM "public"."bookings" AS "pgrst_0" ' +
        'LEFT JOIN LATERAL (SELECT "pgrst_1"."name" AS "name" FROM "public"."cabins" AS "pgrst_1" WHERE "pgrst_1"."id" = "pgrst_0"."cabinId") AS "pgrst_1" ON TRUE ' +
        'LEFT JOIN LATERAL (SELECT "pgrst_2"."fullName" AS "fullName", "pgrst_2"."email" AS "email" FROM "public"."guests" AS "pgrst_2" WHERE "pgrst_2"."id" = "pgrst_0"."guestId") AS "pgrst_2" ON TRUE ' +
        'WHERE "pgrst_0"."status" = $1 ORDER BY "pgrst_0"."startDate" DESC LIMIT $2) ' +
        'SELECT (SELECT pg_catalog.count(*) FROM "public"."bookings" AS "pgrst_0" WHERE "pgrst_0"."status" = $1) AS total, ' +
        "pg_catalog.count(*) AS page, COALESCE(json_agg(pgrst_t.*), '[]')::text AS body FROM pgrst_page AS pgrst_t",
    )
    expect(values).toEqual(['unconfirmed', 10])
  })

  it('caps every read at db-max-rows', () => {
    expect(build('').values).toEqual([MAX_ROWS])
    expect(build('limit=5000').values).toEqual([MAX_ROWS])
  })

  it('aggregates to-many embeds with their own filter, order and limit, [] when empty', () => {
    const { sql, values } = build(
      'select=id,bookings(id)&bookings.status=eq.x&bookings.order=startDate.desc&bookings.limit=2',
      'cabins',
    )
    expect(sql).toContain(
      `LEFT JOIN LATERAL (SELECT json_agg("pgrst_1".*) AS "pgrst_1" FROM (SELECT "pgrst_1"."id" AS "id" FROM "public"."bookings" AS "pgrst_1" ` +
        `WHERE "pgrst_1"."cabinId" = "pgrst_0"."id" AND "pgrst_1"."status" = $1 ORDER BY "pgrst_1"."startDate" DESC LIMIT $2) AS "pgrst_1") AS "pgrst_1" ON TRUE LIMIT $3)`,
    )
    expect(sql).toContain(`COALESCE("pgrst_1"."pgrst_1", '[]') AS "bookings"`)
    // Placeholders are numbered as the text reads: the embed's filter and limit, then the root's limit.
    expect(values).toEqual(['x', 2, 1000])
  })

  it('joins !inner embeds and counts with EXISTS', () => {
    const { sql } = build('select=id,cabins!inner(name)&cabins.name=eq.001', 'bookings', true)
    expect(sql).toContain('INNER JOIN LATERAL')
    expect(sql).toContain(
      '(SELECT pg_catalog.count(*) FROM "public"."bookings" AS "pgrst_0" WHERE EXISTS (SELECT 1 FROM "public"."cabins" AS "pgrst_1" ' +
        'WHERE "pgrst_1"."id" = "pgrst_0"."cabinId" AND "pgrst_1"."name" = $1))',
    )
  })

  it('turns an embed null filter into a presence test (count: EXISTS)', () => {
    const { sql } = build('select=id,cabins(name)&cabins=not.is.null', 'bookings', true)
    expect(sql).toContain('WHERE "pgrst_1" IS DISTINCT FROM NULL')
    expect(sql).toContain('WHERE EXISTS (SELECT 1 FROM "public"."cabins"')
    expect(errorOf(() => build('select=id,cabins(name)&cabins=eq.1')).code).toBe('PGRST120')
  })

  it('renders or/and trees with nesting and negation', () => {
    const { sql, values } = build(
      'select=id&or=(and(status.eq.unconfirmed,startDate.eq.2024-06-15),not.and(id.gt.1,id.lt.3))',
    )
    expect(sql).toContain(
      'WHERE (("pgrst_0"."status" = $1 AND "pgrst_0"."startDate" = $2) OR NOT ("pgrst_0"."id" > $3 AND "pgrst_0"."id" < $4))',
    )
    expect(values.slice(0, 4)).toEqual(['unconfirmed', '2024-06-15', '1', '3'])
  })

  it('renders every operator family with bound values', () => {
    const where = (q: string) => build(`select=id&${q}`).sql.match(/WHERE (.*) LIMIT/)?.[1]
    expect(where('status=like.*in*')).toBe('"pgrst_0"."status" LIKE $1')
    expect(build('select=id&status=ilike.*In*').values[0]).toBe('%In%')
    expect(where('status=imatch.^c')).toBe('"pgrst_0"."status" ~* $1')
    expect(where('status=in.(a,"b,c")')).toBe('"pgrst_0"."status" = ANY ($1)')
    expect(build('select=id&status=in.(a,"b,c")').values[0]).toBe('{"a","b,c"}')
    expect(build('select=id&status=in.()').values[0]).toBe('{}')
    expect(where('observations=is.null')).toBe('"pgrst_0"."observations" IS NULL')
    expect(where('isPaid=is.true')).toBe('"pgrst_0"."isPaid" IS TRUE')
    expect(where('status=not.eq.x')).toBe('NOT ("pgrst_0"."status" = $1)')
    expect(where('status=isdistinct.x')).toBe('"pgrst_0"."status" IS DISTINCT FROM $1')
    expect(where('status=eq(any).{a,b}')).toBe('"pgrst_0"."status" = ANY ($1)')
    expect(where('observations=wfts(english).late')).toBe(
      'to_tsvector($1::regconfig, "pgrst_0"."observations") @@ websearch_to_tsquery($2::regconfig, $3)',
    )
    expect(where('data->>key=eq.v')).toBe('"pgrst_0"."data"->>$1::text = $2')
  })

  it('sends boolean filter values as text so Postgres, not the driver, judges them', () => {
    expect(build('select=id&isPaid=eq.true').sql).toContain('"pgrst_0"."isPaid" = CAST($1::text AS boolean)')
    expect(build('select=id&isPaid=in.(true)').sql).toContain('= ANY (CAST($1::text AS boolean[]))')
  })

  it('orders with nulls placement and by related to-one columns', () => {
    expect(build('select=id&order=startDate.desc.nullslast,id').sql).toContain(
      'ORDER BY "pgrst_0"."startDate" DESC NULLS LAST, "pgrst_0"."id"',
    )
    expect(build('select=id,cabins(name)&order=cabins(name).asc').sql).toContain(
      'ORDER BY "pgrst_1"."name" ASC',
    )
    expect(errorOf(() => build('select=id&order=cabins(name)')).code).toBe('PGRST108')
    expect(errorOf(() => build('select=id,bookings(id)&order=bookings(id)', 'cabins')).code).toBe('PGRST118')
  })

  it('names unknown columns, relations and embed paths like PostgREST', () => {
    expect(errorOf(() => build('select=nope'))).toEqual({
      code: '42703',
      message: 'column bookings.nope does not exist',
      details: null,
      hint: null,
    })
    expect(errorOf(() => build('select=id&maxcapacity=eq.1', 'cabins')).code).toBe('42703')
    expect(errorOf(() => build('select=id,nope(id)'))).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'bookings' and 'nope' in the schema cache",
    })
    expect(errorOf(() => build('select=id,cabin(id)')).hint).toBe(
      "Perhaps you meant 'cabins' instead of 'cabin'.",
    )
    expect(errorOf(() => build('select=id&guests.name=eq.x')).code).toBe('PGRST108')
  })

  it('resolves embeds by FK column or constraint name and aliases them', () => {
    expect(build('select=id,cabin:cabinId(name)').sql).toContain('AS "cabin"')
    expect(build('select=id,cabins!bookings_cabinId_fkey(name)').sql).toContain(
      'row_to_json("pgrst_1".*) AS "cabins"',
    )
    expect(build('select=id,c:cabins(name)&c.name=eq.1').sql).toContain('"pgrst_1"."name" = $1')
  })

  it('spreads to-one embeds into the parent', () => {
    const { sql, root } = build('select=id,...cabins(cabinName:name)')
    expect(sql).toContain('"pgrst_1".* FROM')
    expect(root.outputNames).toEqual(['id', 'cabinName'])
    expect(errorOf(() => build('select=id,...bookings(id)', 'cabins')).code).toBe('PGRST119')
  })

  it('leaves hidden embeds out of the output but joins them', () => {
    const { sql } = build('select=id,cabins!inner()&cabins.name=eq.x')
    expect(sql).not.toContain('AS "cabins"')
    expect(sql).toContain('INNER JOIN LATERAL (SELECT  FROM "public"."cabins"')
  })

  it('refuses a negative limit with 416', () => {
    expect(errorOf(() => build('limit=-1'))).toMatchObject({
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
    })
  })
})

/** Text that could carry SQL if it were ever concatenated into a statement. */
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    "'; drop table bookings; --",
    '"; select 1; --',
    '$1',
    '\\',
    "'",
    '"',
    ')',
    '(',
    '{}',
    'null',
  ),
)

describe('values never reach the SQL text', () => {
  const q = (s: string) => encodeURIComponent(s)
  const quoteValue = (v: string) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  /** A filter whose value the generator chooses, in every position a value can take (raw value in, query out). */
  const shapes: ((v: string) => string)[] = [
    (v) => `status=eq.${q(v)}`,
    (v) => `status=not.ilike.${q(v)}`,
    (v) => `startDate=gte.${q(v)}`,
    (v) => `cabins.name=eq.${q(v)}`,
    (v) => `data->>${q(quoteValue(v))}=eq.x`,
    (v) => `observations=fts(english).${q(v)}`,
  ]

  it('gives the same statement text whatever the values, with the values among the parameters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: shapes.length - 1 }), hostile, (shape, value) => {
        let built
        try {
          built = build(`select=id,cabins(name)&${shapes[shape](value)}`)
        } catch (error) {
          // A value may make the filter unparsable; that is a 4xx, never SQL.
          expect(error).toBeInstanceOf(RestError)
          return
        }
        const reference = build(`select=id,cabins(name)&${shapes[shape]('x')}`)
        expect(built.sql).toBe(reference.sql)
        const sent = shape === 1 ? value.replaceAll('*', '%') : value
        expect(built.values).toContain(sent)
      }),
      { numRuns: 500 },
    )
  })

  it('binds every element of in-lists and every value of logic trees', () => {
    fc.assert(
      fc.property(fc.array(hostile, { maxLength: 5 }), hostile, (list, value) => {
        const quoted = list.map(quoteValue).join(',')
        const reference = build(`select=id&status=in.(x)&or=(status.eq."y",id.eq."z")`)
        const built = build(
          `select=id&status=in.(${q(quoted)})&or=(status.eq.${q(quoteValue(value))},id.eq."z")`,
        )
        expect(built.sql).toBe(reference.sql)
      }),
      { numRuns: 300 },
    )
  })

  it('quotes aliases as identifiers, whatever they contain', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !s.includes('\0')),
        (alias) => {
          const { sql } = build(`select=${q(quoteValue(alias))}:id`)
          expect(sql).toContain(`"pgrst_0"."id" AS "${alias.replaceAll('"', '""')}"`)
          // Outside the quoted alias the statement is the fixed text.
          expect(sql.replace(`AS "${alias.replaceAll('"', '""')}" FROM`, 'AS "A" FROM')).toBe(
            build('select=A:id').sql,
          )
        },
      ),
      { numRuns: 300 },
    )
  })
})
