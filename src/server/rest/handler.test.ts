import { toLocalIsoDate } from '@shared/clock'
import { addDays } from '@shared/domain/format'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../tests/harness/testDatabases'
import type { Database } from '../db/types'
import type { Caller, ServiceContext } from '../http/types'
import { createRestHandler, refreshSchemaCache } from './index'
import { planRead } from './plan/read'

// Counted, not changed: a call of a shape seen before must not be planned again.
vi.mock('./plan/read', async (importOriginal) => {
  const original = await importOriginal<typeof import('./plan/read')>()
  return { ...original, planRead: vi.fn(original.planRead) }
})

/**
 * The handler against a migrated PGlite, without HTTP: what the integration tests cannot reach
 * easily — every kind of function result, JSON types, the schema cache, and a fuzz run that checks
 * no input makes a 5xx or a syntax error.
 */
describe.each(testDatabaseKinds())('REST handler on %s', (kind) => {
  let test: TestDatabase
  /** The handler's clock, moved by tests instead of waiting. */
  let nowMs = Date.now()
  const handleRest = createRestHandler({ now: () => nowMs })

  const SERVICE: Caller = { role: 'service_role', claims: { role: 'service_role' } }
  const ANON: Caller = { role: 'anon', claims: { role: 'anon' } }

  interface Answer {
    status: number
    headers: Record<string, string>
    text: string
    json: unknown
  }

  async function call(
    method: string,
    path: string,
    rawQuery = '',
    headers: Record<string, string> = {},
    body: unknown = undefined,
    caller: Caller = SERVICE,
  ): Promise<Answer> {
    const ctx: ServiceContext = { db: test.db, caller, baseUrl: 'http://127.0.0.1' }
    const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
    const res = await handleRest(
      { method, path, rawQuery, headers, body: Buffer.from(raw), remoteAddress: '127.0.0.1' },
      ctx,
    )
    const text = res.body === undefined ? '' : String(res.body)
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    return { status: res.status, headers: res.headers ?? {}, text, json }
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind)
    await test.db.exec(`
      create table public.rest_items (
        id integer primary key, label text not null default 'none', tags text[], data jsonb, flag boolean,
        price numeric, day date, at timestamptz, note text default 'n'
      );
      grant all on public.rest_items to anon, authenticated, service_role;
      insert into public.rest_items values
        (1, 'one', '{a,b}', '{"k":{"n":1}}', true, 10.50, '2024-06-15', '2024-06-15 10:00:00+00', null),
        (2, 'two', '{}', null, false, 3, '2024-06-16', '2024-06-16 23:30:00.123456+00', 'x'),
        (3, 'three', null, '[1,2]', null, null, null, null, 'y');
      create table public.rest_log (msg text);
      grant all on public.rest_log to anon, authenticated, service_role;
      create function public.rest_add(a integer, b integer default 1) returns integer language sql immutable as 'select a + b';
      create function public.rest_items_over(min integer) returns setof public.rest_items language sql stable
        as 'select * from public.rest_items where id > min';
      create function public.rest_pairs() returns table(x integer, y text) language sql stable
        as $$ select * from (values (1, 'a'), (2, 'b')) v $$;
      create function public.rest_numbers() returns setof integer language sql stable as 'select generate_series(1, 3)';
      create function public.rest_log_it(p_msg text) returns void language sql as 'insert into public.rest_log values (p_msg)';
      create function public.rest_json() returns json language sql stable as $$ select '{"a": [1, 2.50]}'::json $$;
      create function public.rest_tags(p_tags text[]) returns text language sql immutable as $$ select array_to_string(p_tags, '|') $$;
      create function public.rest_fail() returns void language plpgsql as $$ begin raise exception 'Nope' using hint = 'Try again'; end $$;
      create function public.rest_teapot() returns void language plpgsql as $$ begin raise sqlstate 'PT418' using message = 'I am a teapot'; end $$;
      create function public.rest_over(a integer) returns text language sql immutable as $$ select 'int' $$;
      create function public.rest_over(b text) returns text language sql immutable as $$ select 'text' $$;
      create function public.rest_one() returns public.rest_items language sql stable as 'select * from public.rest_items where id = 1';
      create function public.rest_whoami() returns text language sql stable as 'select auth.role()';
      insert into public.cabins (name, "maxCapacity", "regularPrice") values ('001', 2, 250), ('002', 4, 300);
    `)
    await refreshSchemaCache(test.db)
  }, 60_000)

  afterAll(async () => {
    await test?.drop()
  })

  describe('JSON as Postgres writes it', () => {
    it('serializes numeric as numbers, dates as YYYY-MM-DD, timestamptz with +00:00, arrays and jsonb as JSON', async () => {
      const { status, json } = await call('GET', '/rest_items', 'order=id')
      expect(status).toBe(200)
      expect(json).toEqual([
        {
          id: 1,
          label: 'one',
          tags: ['a', 'b'],
          data: { k: { n: 1 } },
          flag: true,
          price: 10.5,
          day: '2024-06-15',
          at: '2024-06-15T10:00:00+00:00',
          note: null,
        },
        {
          id: 2,
          label: 'two',
          tags: [],
          data: null,
          flag: false,
          price: 3,
          day: '2024-06-16',
          at: '2024-06-16T23:30:00.123456+00:00',
          note: 'x',
        },
        {
          id: 3,
          label: 'three',
          tags: null,
          data: [1, 2],
          flag: null,
          price: null,
          day: null,
          at: null,
          note: 'y',
        },
      ])
    })

    it('filters on arrays, JSON paths and booleans', async () => {
      expect((await call('GET', '/rest_items', 'select=id&tags=cs.{a}')).json).toEqual([{ id: 1 }])
      expect((await call('GET', '/rest_items', 'select=id&tags=ov.{b,z}')).json).toEqual([{ id: 1 }])
      expect((await call('GET', '/rest_items', 'select=id&data->k->>n=eq.1')).json).toEqual([{ id: 1 }])
      expect((await call('GET', '/rest_items', 'select=n:data->k->n')).json).toEqual([
        { n: 1 },
        { n: null },
        { n: null },
      ])
      expect((await call('GET', '/rest_items', 'select=id&flag=eq.false')).json).toEqual([{ id: 2 }])
      expect((await call('GET', '/rest_items', 'select=id&flag=is.unknown')).json).toEqual([{ id: 3 }])
    })

    it('answers a bad boolean with Postgres 22P02, not a driver exception', async () => {
      const { status, json } = await call('GET', '/rest_items', 'flag=eq.maybe')
      expect(status).toBe(400)
      expect(json).toMatchObject({ code: '22P02', message: 'invalid input syntax for type boolean: "maybe"' })
    })

    it('casts selected columns', async () => {
      expect((await call('GET', '/rest_items', 'select=id::text,price::int&id=eq.1')).json).toEqual([
        { id: '1', price: 11 },
      ])
    })

    it('strips nulls when asked', async () => {
      const { json, headers } = await call('GET', '/rest_items', 'select=id,note&id=eq.1', {
        accept: 'application/vnd.pgrst.array+json;nulls=stripped',
      })
      expect(json).toEqual([{ id: 1 }])
      expect(headers['Content-Type']).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8')
    })
  })

  describe('rpc', () => {
    it('returns a scalar bare, with defaults for omitted arguments, by POST and GET', async () => {
      expect(await call('POST', '/rpc/rest_add', '', {}, { a: 2, b: 3 })).toMatchObject({
        status: 200,
        text: '5',
      })
      expect((await call('POST', '/rpc/rest_add', '', {}, { a: 2 })).text).toBe('3')
      expect((await call('GET', '/rpc/rest_add', 'a=40&b=2')).text).toBe('42')
    })

    it('returns json as is', async () => {
      expect((await call('POST', '/rpc/rest_json', '', {}, '')).json).toEqual({ a: [1, 2.5] })
    })

    it('passes arrays from POST bodies and GET {a,b} literals', async () => {
      expect((await call('POST', '/rpc/rest_tags', '', {}, { p_tags: ['x', 'y'] })).json).toBe('x|y')
      expect((await call('GET', '/rpc/rest_tags', 'p_tags=%7Bx,y%7D')).json).toBe('x|y')
    })

    it('applies select, filters, order, range and count to set-returning functions', async () => {
      const res = await call(
        'GET',
        '/rpc/rest_items_over',
        'min=0&select=id,label&label=neq.two&order=id.desc&limit=1',
        {
          prefer: 'count=exact',
        },
      )
      expect(res.status).toBe(206)
      expect(res.headers['Content-Range']).toBe('0-0/2')
      expect(res.json).toEqual([{ id: 3, label: 'three' }])
    })

    it('returns TABLE() rows as objects and a set of scalars as a bare array', async () => {
      expect((await call('POST', '/rpc/rest_pairs', '', {}, '')).json).toEqual([
        { x: 1, y: 'a' },
        { x: 2, y: 'b' },
      ])
      expect((await call('GET', '/rpc/rest_numbers')).json).toEqual([1, 2, 3])
    })

    it('returns a single composite as an object', async () => {
      expect((await call('GET', '/rpc/rest_one', 'select=id,label')).json).toEqual({ id: 1, label: 'one' })
    })

    it('answers void with 204 and runs the function', async () => {
      const res = await call('POST', '/rpc/rest_log_it', '', {}, { p_msg: 'hello' })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      expect((await test.db.query('select msg from public.rest_log')).rows).toEqual([{ msg: 'hello' }])
    })

    it('runs GET calls read-only: a write is 25006 → 405', async () => {
      const res = await call('GET', '/rpc/rest_log_it', 'p_msg=x')
      expect(res.status).toBe(405)
      expect(res.json).toMatchObject({ code: '25006' })
    })

    it('plans a call once per shape: other arguments are bind values of the same statement', async () => {
      const planned = vi.mocked(planRead).mock.calls.length
      // An alias of this engine's own, so the other engine's run of this test is a shape of its own.
      const column = `${kind}_id`
      const over = (min: number) =>
        call('POST', '/rpc/rest_items_over', `select=${column}:id&order=id.desc`, {}, { min })
      expect((await over(1)).json).toEqual([{ [column]: 3 }, { [column]: 2 }])
      expect((await over(2)).json).toEqual([{ [column]: 3 }])
      expect(vi.mocked(planRead).mock.calls.length - planned).toBe(1)
    })

    it('makes a read-only call read-only in the statement that sets its role, not in one of its own', async () => {
      const transactions: string[][] = []
      const noting: Database = {
        ...test.db,
        transaction: (fn) =>
          test.db.transaction((tx) => {
            const statements: string[] = []
            transactions.push(statements)
            return fn({
              query: (sql, params) => (statements.push(sql), tx.query(sql, params)),
              exec: (sql) => (statements.push(sql), tx.exec(sql)),
            })
          }),
      }
      const res = await handleRest(
        {
          method: 'GET',
          path: '/rpc/rest_add',
          rawQuery: 'a=1',
          headers: {},
          body: Buffer.alloc(0),
          remoteAddress: '',
        },
        { db: noting, caller: SERVICE, baseUrl: 'http://127.0.0.1' },
      )
      expect(res.status).toBe(200)
      // The call's own transaction is the last (the schema cache may have loaded before it).
      const statements = transactions.at(-1)!
      expect(statements).toHaveLength(2)
      expect(statements[0]).toContain("set_config('role', $1, true)")
      expect(statements[0]).toContain("set_config('transaction_read_only', 'on', true)")
    })

    it('answers RAISE with 400 P0001 (hint kept) and PT codes with their status', async () => {
      expect(await call('POST', '/rpc/rest_fail', '', {}, '')).toMatchObject({
        status: 400,
        json: { code: 'P0001', message: 'Nope', details: null, hint: 'Try again' },
      })
      expect((await call('POST', '/rpc/rest_teapot', '', {}, '')).status).toBe(418)
    })

    it("answers change_booking's missing booking with 404 and code P0002, as PostgREST does", async () => {
      // The desk's day must lie within a year of the server's: the stay is a month from today.
      const deskDay = toLocalIsoDate(new Date())
      const args = {
        p_booking_id: 987654321,
        p_cabin_id: 1,
        p_start_date: addDays(deskDay, 30),
        p_end_date: addDays(deskDay, 33),
        p_num_guests: 2,
        p_has_breakfast: false,
        p_is_paid: false,
        p_observations: '',
        p_expected_total_price: 0,
        p_today: deskDay,
      }
      expect(await call('POST', '/rpc/change_booking', '', {}, args)).toMatchObject({
        status: 404,
        json: { code: 'P0002', message: 'Booking not found', details: null, hint: null },
      })
    })

    it('picks the overload by argument names', async () => {
      expect((await call('POST', '/rpc/rest_over', '', {}, { a: 1 })).json).toBe('int')
      expect((await call('POST', '/rpc/rest_over', '', {}, { b: 'x' })).json).toBe('text')
    })

    it('answers unknown functions and argument sets with 404 PGRST202', async () => {
      const res = await call('POST', '/rpc/rest_add', '', {}, { z: 1 })
      expect(res.status).toBe(404)
      expect(res.json).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.rest_add(z) in the schema cache',
        details:
          'Searched for the function public.rest_add with parameter z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rest_add(a, b)',
      })
      expect((await call('POST', '/rpc/rest_ad', '', {}, '')).json).toMatchObject({
        code: 'PGRST202',
        hint: 'Perhaps you meant to call the function public.rest_add',
      })
      expect((await call('PATCH', '/rpc/rest_add', '', {}, {})).status).toBe(405)
    })

    it('refuses a body that is not a JSON object', async () => {
      expect((await call('POST', '/rpc/rest_add', '', {}, '[1]')).json).toMatchObject({ code: 'PGRST102' })
      expect((await call('POST', '/rpc/rest_add', '', {}, '{')).json).toMatchObject({ code: 'PGRST102' })
    })
  })

  describe('writes', () => {
    it('gives absent columns their DEFAULT only with missing=default', async () => {
      const rows = [{ id: 10, label: 'ten' }, { id: 11 }]
      const nulls = await call('POST', '/rest_items', 'columns=id,label', {}, rows)
      expect(nulls).toMatchObject({ status: 400, json: { code: '23502' } })
      const defaults = await call(
        'POST',
        '/rest_items',
        'columns=id,label&select=id,label,note',
        {
          prefer: 'missing=default, return=representation',
        },
        rows,
      )
      expect(defaults.status).toBe(201)
      expect(defaults.json).toEqual([
        { id: 10, label: 'ten', note: 'n' },
        { id: 11, label: 'none', note: 'n' },
      ])
      expect(defaults.headers['Preference-Applied']).toBe('return=representation, missing=default')
    })

    it('answers return=headers-only with a Location', async () => {
      const res = await call('POST', '/rest_items', '', { prefer: 'return=headers-only' }, { id: 20 })
      expect(res.status).toBe(201)
      expect(res.headers.Location).toBe('/rest_items?id=eq.20')
      expect(res.text).toBe('')
    })

    it('upserts: 200 when only merged, 201 when a row was inserted; merge keeps unposted columns', async () => {
      const merged = await call(
        'POST',
        '/rest_items',
        'select=id,label,note',
        {
          prefer: 'resolution=merge-duplicates,return=representation',
        },
        { id: 20, label: 'twenty' },
      )
      expect(merged.status).toBe(200)
      expect(merged.json).toEqual([{ id: 20, label: 'twenty', note: 'n' }])
      const mixed = await call(
        'POST',
        '/rest_items',
        'columns=id,label',
        { prefer: 'resolution=merge-duplicates' },
        [
          { id: 20, label: 'again' },
          { id: 21, label: 'new' },
        ],
      )
      expect(mixed.status).toBe(201)
      const ignored = await call(
        'POST',
        '/rest_items',
        '',
        {
          prefer: 'resolution=ignore-duplicates, return=representation',
        },
        { id: 21, label: 'ignored' },
      )
      expect(ignored).toMatchObject({ status: 201, json: [] })
    })

    it('rolls a singular write back when it touches other than one row', async () => {
      const res = await call(
        'PATCH',
        '/rest_items',
        'id=gte.20',
        { accept: 'application/vnd.pgrst.object+json' },
        { note: 'changed' },
      )
      expect(res).toMatchObject({
        status: 406,
        json: { code: 'PGRST116', details: 'The result contains 2 rows' },
      })
      expect(
        (await test.db.query(`select count(*)::int as n from public.rest_items where note = 'changed'`)).rows,
      ).toEqual([{ n: 0 }])
      const insert = await call(
        'POST',
        '/rest_items',
        'columns=id',
        { accept: 'application/vnd.pgrst.object+json' },
        [{ id: 30 }, { id: 31 }],
      )
      expect(insert.status).toBe(406)
      expect(
        (await test.db.query('select count(*)::int as n from public.rest_items where id >= 30')).rows,
      ).toEqual([{ n: 0 }])
    })

    it('changes nothing for PATCH {} and ignores root filters on POST', async () => {
      expect((await call('PATCH', '/rest_items', 'id=eq.1', {}, {})).status).toBe(204)
      const res = await call(
        'POST',
        '/rest_items',
        'id=eq.1&select=id',
        { prefer: 'return=representation' },
        { id: 40 },
      )
      expect(res).toMatchObject({ status: 201, json: [{ id: 40 }] })
    })

    it('counts written rows when asked', async () => {
      const res = await call('DELETE', '/rest_items', 'id=gte.20', { prefer: 'count=exact' })
      expect(res.status).toBe(204)
      expect(res.headers['Content-Range']).toBe('*/3')
    })
  })

  describe('row level security', () => {
    it('shows anon nothing and refuses its inserts with 401', async () => {
      expect((await call('GET', '/cabins', '', {}, undefined, ANON)).json).toEqual([])
      const res = await call('POST', '/cabins', '', {}, { name: 'x', maxCapacity: 1, regularPrice: 1 }, ANON)
      expect(res.status).toBe(401)
      expect(res.headers['WWW-Authenticate']).toBe('Bearer')
      expect(res.json).toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "cabins"',
      })
    })

    it('puts the role into request.jwt.claims, for anon too', async () => {
      const res = await call('GET', '/rpc/rest_whoami', '', {}, undefined, ANON)
      expect(res.json).toBe('anon')
    })

    it('answers an unknown role claim with 401', async () => {
      const res = await call('GET', '/cabins', '', {}, undefined, {
        role: 'anon',
        claims: { role: 'postgres' },
      })
      expect(res.status).toBe(401)
      expect(res.json).toMatchObject({ code: '22023' })
    })
  })

  describe('schema cache', () => {
    it('knows tables created after start once refreshed', async () => {
      await test.db.exec(
        'create table public.rest_later (id int); grant select on public.rest_later to service_role',
      )
      await refreshSchemaCache(test.db)
      expect((await call('GET', '/rest_later')).status).toBe(200)
    })

    it('reloads by itself when a request names something it does not know, at most every 2 s', async () => {
      await refreshSchemaCache(test.db, () => nowMs)
      await test.db.exec(`
        create function public.rest_new() returns int language sql immutable as 'select 7';
        grant execute on function public.rest_new() to service_role`)
      expect((await call('POST', '/rpc/rest_new', '', {}, '')).status).toBe(404)
      nowMs += 1900
      expect((await call('POST', '/rpc/rest_new', '', {}, '')).status).toBe(404)
      nowMs += 200
      expect((await call('POST', '/rpc/rest_new', '', {}, '')).text).toBe('7')
    })

    it('suggests the closest table', async () => {
      expect((await call('GET', '/cabin')).json).toEqual({
        code: 'PGRST205',
        message: "Could not find the table 'public.cabin' in the schema cache",
        details: null,
        hint: "Perhaps you meant the table 'public.cabins'",
      })
    })
  })

  describe('fuzz: arbitrary query strings against the database', () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '',
        'null',
        "'; drop table public.rest_items; --",
        '"',
        '\\',
        '%',
        '*',
        '{a,b}',
        '(1,2)',
        '1',
        '-1',
        'true',
        '2024-06-15',
      ),
    )
    const column = fc.constantFrom(
      'id',
      'label',
      'tags',
      'data',
      'flag',
      'price',
      'day',
      'at',
      'note',
      'nope',
      'data->k',
      'data->>k',
    )
    const operator = fc.constantFrom(
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
      'adj',
      'fts',
      'wfts(english)',
      'eq(any)',
      'not.eq',
      'is',
      'in',
      'not.in',
      'noop',
    )
    const filter = fc.tuple(column, operator, text).map(([c, o, v]) => {
      if (o === 'in' || o === 'not.in') return [c, `${o}.(${v},"${v.replaceAll('"', '')}")`]
      return [c, `${o}.${v}`]
    })
    const select = fc
      .array(
        fc.oneof(
          column,
          text.map((a) => `"${a.replaceAll('"', '')}":id`),
          fc.constant('*'),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((items) => ['select', items.join(',')])
    const order = fc
      .tuple(column, fc.constantFrom('', '.asc', '.desc.nullslast', '.x'))
      .map(([c, d]) => ['order', c + d])
    const logic = fc
      .tuple(fc.constantFrom('or', 'and', 'not.or'), fc.array(filter, { minLength: 1, maxLength: 3 }))
      .map(([k, fs]) => [k, `(${fs.map(([c, v]) => `${c}.${v}`).join(',')})`])
    const range = fc.tuple(
      fc.constantFrom('limit', 'offset'),
      fc.oneof(fc.integer({ min: -5, max: 2000 }).map(String), text),
    )
    const junk = fc.tuple(text, text)
    const queryString = fc
      .array(fc.oneof(filter, select, order, logic, range, junk), { maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'))

    it('never answers 5xx or a syntax error, and changes nothing', async () => {
      const before = (await test.db.query('select * from public.rest_items order by id')).rows
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'HEAD', 'PATCH', 'DELETE', 'POST'),
          queryString,
          async (method, query) => {
            // Writes only with a filter that matches nothing (POST: an empty array), so the data stays as it was.
            const guarded = method === 'GET' || method === 'HEAD' ? query : `id=eq.-1&${query}`
            const body = method === 'PATCH' ? { label: 'x' } : method === 'POST' ? [] : undefined
            const res = await call(
              method,
              '/rest_items',
              guarded,
              { prefer: 'count=exact, return=representation' },
              body,
            )
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
            expect(res.status, `${method} ${guarded} → ${res.text}`).toBeLessThan(500)
            // A syntax error in the statement would mean generated SQL broke (a tsquery's own syntax errors,
            // also 42601, are the value's problem and read differently).
            const error = res.json as { code?: string; message?: string } | undefined
            if (error?.code === '42601') {
              expect(error.message, guarded).not.toMatch(
                /^syntax error at|zero-length delimited identifier|unterminated/,
              )
            }
          },
        ),
        { numRuns: Number(process.env.REST_FUZZ_RUNS ?? 600) },
      )
      // Enough inputs got through the parser to the database for the run to mean something.
      const succeeded = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0)
      expect(succeeded).toBeGreaterThan(60)
      expect((await test.db.query('select * from public.rest_items order by id')).rows).toEqual(before)
    }, 120_000)
  })
})
