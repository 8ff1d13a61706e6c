import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * The contract's edge cases (section 6, items 1-33) over plain HTTP, byte-level where supabase-js
 * would hide the difference: headers, statuses, encodings.
 */
describe.each(testDatabaseKinds())('REST edge cases on %s', (kind) => {
  let server: TestServer
  let staffToken: string

  interface Answer {
    status: number
    headers: Headers
    text: string
    json: any // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  async function rest(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown; token?: string | null } = {},
  ): Promise<Answer> {
    const token = init.token === undefined ? staffToken : init.token
    const headers: Record<string, string> = { apikey: server.anonKey, ...init.headers }
    if (token !== null) headers.Authorization = `Bearer ${token}`
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(`${server.url}/rest/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    })
    const text = await response.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, text, json }
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    const body = (await response.json()) as { access_token: string }
    return body.access_token
  }

  /** A cabin of our own to write to, so edits never depend on the demo data's shape. */
  async function makeCabin(name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await rest('/cabins?select=id', {
      method: 'POST',
      headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      body: { name, maxCapacity: 2, regularPrice: 100, ...extra },
    })
    expect(res.status).toBe(201)
    return res.json.id as number
  }

  const q = encodeURIComponent

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    staffToken = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
  })
  afterAll(() => server?.stop())

  describe('query strings (1-3)', () => {
    it('1: reads + as a space', async () => {
      const { json: guests } = await rest('/guests?select=fullName&limit=1&order=id')
      const name = guests[0].fullName as string
      expect(name).toContain(' ')
      const res = await rest(`/guests?select=fullName&fullName=eq.${name.replaceAll(' ', '+')}`)
      expect(res.json).toEqual([{ fullName: name }])
      const like = await rest(
        `/guests?select=fullName&fullName=ilike.*${name.split(' ')[1].toLowerCase()}*&limit=1`,
      )
      expect(like.json.length).toBe(1)
    })

    it('2: keeps camelCase identifiers; a wrong case is an unknown column', async () => {
      expect((await rest('/cabins?select=maxCapacity&limit=1')).json[0]).toHaveProperty('maxCapacity')
      const wrong = await rest('/cabins?select=maxcapacity')
      expect(wrong.status).toBe(400)
      expect(wrong.json).toEqual({
        code: '42703',
        message: 'column cabins.maxcapacity does not exist',
        details: null,
        hint: null,
      })
    })

    it('3: tolerates whitespace in select', async () => {
      const res = await rest(`/bookings?select=${q(' id , cabins ( name ) ')}&limit=1`)
      expect(res.status).toBe(200)
      expect(Object.keys(res.json[0])).toEqual(['id', 'cabins'])
    })
  })

  describe('embedding (4-5)', () => {
    it('4: to-one is an object, to-many an array ([] when none), keyed by table name', async () => {
      const booking = (await rest('/bookings?select=id,cabins(name),guests(email)&limit=1')).json[0]
      expect(booking.cabins).toEqual({ name: expect.any(String) })
      const cabinId = await makeCabin('E4-empty')
      const cabin = (await rest(`/cabins?select=id,bookings(id)&id=eq.${cabinId}`)).json[0]
      expect(cabin).toEqual({ id: cabinId, bookings: [] })
      const busy = (await rest('/cabins?select=bookings(id)&limit=1&order=id')).json[0]
      expect(busy.bookings.length).toBeGreaterThan(0)
    })

    it('5: an embedded filter only filters the embed, unless !inner or embed=not.is.null', async () => {
      const total = (await rest('/bookings?select=id', { headers: { Prefer: 'count=exact' } })).headers.get(
        'content-range',
      )
      const name = (await rest('/cabins?select=name&order=id&limit=1')).json[0].name as string
      const loose = await rest(`/bookings?select=id,cabins(name)&cabins.name=eq.${name}`, {
        headers: { Prefer: 'count=exact' },
      })
      expect(loose.headers.get('content-range')).toBe(total)
      expect(loose.json.some((b: { cabins: unknown }) => b.cabins === null)).toBe(true)
      const inner = await rest(`/bookings?select=id,cabins!inner(name)&cabins.name=eq.${name}`, {
        headers: { Prefer: 'count=exact' },
      })
      const notNull = await rest(
        `/bookings?select=id,cabins(name)&cabins.name=eq.${name}&cabins=not.is.null`,
        {
          headers: { Prefer: 'count=exact' },
        },
      )
      expect(inner.json.length).toBeGreaterThan(0)
      expect(inner.json.every((b: { cabins: { name: string } }) => b.cabins.name === name)).toBe(true)
      expect(notNull.json).toEqual(inner.json)
      expect(inner.headers.get('content-range')).toBe(`0-${inner.json.length - 1}/${inner.json.length}`)
      expect(notNull.headers.get('content-range')).toBe(inner.headers.get('content-range'))
    })
  })

  describe('operators (6-10)', () => {
    it('6: neq never matches NULL, eq.null is the string, is.null tests NULL', async () => {
      const withImage = await makeCabin('E6-image', { image: 'http://x/a.jpg' })
      const noImage = await makeCabin('E6-none', { image: null })
      const neq = (await rest(`/cabins?select=id&id=in.(${withImage},${noImage})&image=neq.http://x/b.jpg`))
        .json
      expect(neq).toEqual([{ id: withImage }])
      expect((await rest(`/cabins?select=id&id=in.(${withImage},${noImage})&image=eq.null`)).json).toEqual([])
      expect((await rest(`/cabins?select=id&id=in.(${withImage},${noImage})&image=is.null`)).json).toEqual([
        { id: noImage },
      ])
      expect(
        (await rest(`/cabins?select=id&id=in.(${withImage},${noImage})&image=not.is.null`)).json,
      ).toEqual([{ id: withImage }])
    })

    it('7: like/ilike take * as wildcard and an encoded % still works', async () => {
      await makeCabin('E7-Wildcard')
      expect((await rest('/cabins?select=name&name=like.E7-*card')).json).toEqual([{ name: 'E7-Wildcard' }])
      expect((await rest('/cabins?select=name&name=ilike.e7-%25CARD')).json).toEqual([
        { name: 'E7-Wildcard' },
      ])
    })

    it('8: in.() matches nothing; quoted elements may contain commas', async () => {
      expect((await rest('/cabins?select=id&id=in.()')).json).toEqual([])
      await makeCabin('E8,comma')
      expect((await rest(`/cabins?select=name&name=in.(${q('"E8,comma"')},x)`)).json).toEqual([
        { name: 'E8,comma' },
      ])
    })

    it('9: nested or/and with values holding : . and -', async () => {
      const or = q(
        '(and(status.eq.checked-in,startDate.lte.2100-01-01T00:00:00.000Z),and(status.eq.nope,id.gt.0))',
      )
      const res = await rest(`/bookings?select=status&or=${or}`)
      expect(res.status).toBe(200)
      expect(res.json.length).toBeGreaterThan(0)
      expect(res.json.every((b: { status: string }) => b.status === 'checked-in')).toBe(true)
    })

    it('10: DESC puts NULLs first unless nullslast', async () => {
      const withImage = await makeCabin('E10-a', { image: 'http://x/a.jpg' })
      const noImage = await makeCabin('E10-b', { image: null })
      const ids = `id=in.(${withImage},${noImage})`
      expect((await rest(`/cabins?select=id&${ids}&order=image.desc`)).json).toEqual([
        { id: noImage },
        { id: withImage },
      ])
      expect((await rest(`/cabins?select=id&${ids}&order=image.desc.nullslast`)).json).toEqual([
        { id: withImage },
        { id: noImage },
      ])
    })
  })

  describe('ranges and counts (11-15)', () => {
    it('11: Content-Range on every read: */* when empty, */0 when empty and counted', async () => {
      expect((await rest('/cabins?select=id&limit=2')).headers.get('content-range')).toBe('0-1/*')
      expect((await rest('/cabins?id=eq.-1')).headers.get('content-range')).toBe('*/*')
      expect(
        (await rest('/cabins?id=eq.-1', { headers: { Prefer: 'count=exact' } })).headers.get('content-range'),
      ).toBe('*/0')
    })

    it('12: 206 Partial Content when the counted page is smaller than the total', async () => {
      const res = await rest('/bookings?select=id&offset=0&limit=5', { headers: { Prefer: 'count=exact' } })
      expect(res.status).toBe(206)
      expect(res.headers.get('content-range')).toMatch(/^0-4\/\d+$/)
    })

    it('13: 416 PGRST103 past the total with a count; 200 [] without', async () => {
      const counted = await rest('/cabins?select=id&offset=100000&limit=10', {
        headers: { Prefer: 'count=exact' },
      })
      expect(counted.status).toBe(416)
      expect(counted.json).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' })
      expect(counted.headers.get('content-range')).toMatch(/^\*\/\d+$/)
      const plain = await rest('/cabins?select=id&offset=100000&limit=10')
      expect(plain.status).toBe(200)
      expect(plain.json).toEqual([])
    })

    it('14: HEAD answers like GET without a body', async () => {
      const get = await rest('/bookings?select=id&limit=3', { headers: { Prefer: 'count=exact' } })
      const head = await rest('/bookings?select=id&limit=3', {
        method: 'HEAD',
        headers: { Prefer: 'count=exact' },
      })
      expect(head.status).toBe(get.status)
      expect(head.headers.get('content-range')).toBe(get.headers.get('content-range'))
      expect(head.text).toBe('')
    })

    it('15: reads stop at 1000 rows while the count reports all', async () => {
      const rows = Array.from({ length: 1100 }, (_, i) => ({
        fullName: `Bulk ${i}`,
        email: `bulk${i}@example.com`,
      }))
      const insert = await rest('/guests', { method: 'POST', body: rows })
      expect(insert.status).toBe(201)
      const res = await rest('/guests?select=id', { headers: { Prefer: 'count=exact' } })
      expect(res.json).toHaveLength(1000)
      const total = Number(res.headers.get('content-range')!.split('/')[1])
      expect(total).toBeGreaterThanOrEqual(1100)
      expect(res.headers.get('content-range')).toBe(`0-999/${total}`)
      expect(res.status).toBe(206)
      expect((await rest('/guests?fullName=like.Bulk*', { method: 'DELETE' })).status).toBe(204)
    })
  })

  describe('singular answers (16-19)', () => {
    it('16-17: 406 PGRST116 for 0 and for >1 rows; a singular write is rolled back', async () => {
      const none = await rest('/cabins?id=eq.-1', {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      })
      expect(none.status).toBe(406)
      expect(none.json).toEqual({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 0 rows',
        hint: null,
      })
      const many = await rest('/cabins?limit=2', { headers: { Accept: 'application/vnd.pgrst.object+json' } })
      expect(many.json.details).toBe('The result contains 2 rows')
      const a = await makeCabin('E16-a')
      const b = await makeCabin('E16-b')
      const patch = await rest(`/cabins?id=in.(${a},${b})`, {
        method: 'PATCH',
        headers: { Accept: 'application/vnd.pgrst.object+json', Prefer: 'return=representation' },
        body: { description: 'changed' },
      })
      expect(patch.status).toBe(406)
      expect((await rest(`/cabins?select=description&id=in.(${a},${b})`)).json).toEqual([
        { description: '' },
        { description: '' },
      ])
    })

    it('18: a singular PATCH without return=representation is 204 with no body', async () => {
      const id = await makeCabin('E18')
      const res = await rest(`/cabins?id=eq.${id}`, {
        method: 'PATCH',
        headers: { Accept: 'application/vnd.pgrst.object+json' },
        body: { description: 'x' },
      })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
    })

    it('19: singular answers carry the vnd.pgrst.object content type', async () => {
      const res = await rest('/settings?select=id', {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      })
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
      expect(res.json).toEqual({ id: 1 })
    })
  })

  describe('writes (20-25)', () => {
    it('20: with columns, missing keys are NULL; without, all objects need the same keys', async () => {
      const res = await rest(
        `/cabins?columns=${q('"name","maxCapacity","regularPrice","image"')}&select=name,image`,
        {
          method: 'POST',
          headers: { Prefer: 'return=representation' },
          body: [
            { name: 'E20-a', maxCapacity: 1, regularPrice: 10, image: 'http://x/a.jpg' },
            { name: 'E20-b', maxCapacity: 1, regularPrice: 10 },
          ],
        },
      )
      expect(res.json).toEqual([
        { name: 'E20-a', image: 'http://x/a.jpg' },
        { name: 'E20-b', image: null },
      ])
      const mismatch = await rest('/cabins', {
        method: 'POST',
        body: [{ name: 'E20-c', maxCapacity: 1, regularPrice: 10 }, { name: 'E20-d' }],
      })
      expect(mismatch.status).toBe(400)
      expect(mismatch.json).toEqual({
        code: 'PGRST102',
        message: 'All object keys must match',
        details: null,
        hint: null,
      })
    })

    it('21: an insert answers 201 with no body, no Content-Type and no Location by default', async () => {
      const res = await rest('/cabins', {
        method: 'POST',
        body: { name: 'E21', maxCapacity: 1, regularPrice: 10 },
      })
      expect(res.status).toBe(201)
      expect(res.text).toBe('')
      expect(res.headers.get('content-type')).toBeNull()
      expect(res.headers.get('location')).toBeNull()
      expect(res.headers.get('content-range')).toBe('*/*')
    })

    it('22: an upsert that only updates is 200 and merges only the posted columns', async () => {
      const id = await makeCabin('E22', { description: 'keep me' })
      const res = await rest('/cabins?select=name,description,maxCapacity', {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates, return=representation' },
        body: { id, name: 'E22', maxCapacity: 5, regularPrice: 100 },
      })
      expect(res.status).toBe(200)
      expect(res.json).toEqual([{ name: 'E22', description: 'keep me', maxCapacity: 5 }])
    })

    it('23: PATCH with {} succeeds and changes nothing', async () => {
      const id = await makeCabin('E23')
      expect((await rest(`/cabins?id=eq.${id}`, { method: 'PATCH', body: {} })).status).toBe(204)
      const rep = await rest(`/cabins?id=eq.${id}`, {
        method: 'PATCH',
        body: {},
        headers: { Prefer: 'return=representation' },
      })
      expect(rep).toMatchObject({ status: 200, json: [] })
    })

    it('24: Prefer with comma, comma-space, several headers, empty, unknown values', async () => {
      for (const prefer of [
        'return=representation,count=exact',
        'return=representation, count=exact',
        'foo, return=representation',
      ]) {
        const res = await rest('/cabins?select=name', {
          method: 'POST',
          headers: { Prefer: prefer },
          body: { name: `E24-${prefer.length}`, maxCapacity: 1, regularPrice: 1 },
        })
        expect(res.status, prefer).toBe(201)
        expect(res.json, prefer).toEqual([{ name: `E24-${prefer.length}` }])
      }
      const headers = new Headers({ apikey: server.anonKey, Authorization: `Bearer ${staffToken}` })
      headers.append('Prefer', 'count=exact')
      headers.append('Prefer', 'return=minimal')
      const two = await fetch(`${server.url}/rest/v1/cabins?select=id&limit=1`, { headers })
      expect(two.headers.get('content-range')).toMatch(/^0-0\/\d+$/)
      expect((await rest('/cabins?select=id&limit=1', { headers: { Prefer: '' } })).status).toBe(200)
      const strict = await rest('/cabins?limit=1', { headers: { Prefer: 'handling=strict, foo=bar' } })
      expect(strict.json).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: foo=bar' })
    })

    it('25: PATCH and DELETE without filters are refused (400 21000)', async () => {
      expect((await rest('/cabins', { method: 'DELETE' })).json).toEqual({
        code: '21000',
        message: 'DELETE requires a WHERE clause',
        details: null,
        hint: null,
      })
      const patch = await rest('/cabins', { method: 'PATCH', body: { description: 'all' } })
      expect(patch.status).toBe(400)
      expect(patch.json.message).toBe('UPDATE requires a WHERE clause')
    })
  })

  describe('row level security and errors (26-29)', () => {
    let strangerToken: string

    beforeAll(async () => {
      const response = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'edge-stranger@example.com', password: 'edge-stranger-pw' }),
      })
      strangerToken = ((await response.json()) as { access_token: string }).access_token
      expect(strangerToken).toBeTruthy()
    })

    it('26: reads are empty, inserts 401 (anon) / 403 (authenticated), updates and deletes touch nothing', async () => {
      expect((await rest('/bookings', { token: null })).json).toEqual([])
      expect((await rest('/bookings', { token: strangerToken })).json).toEqual([])
      const anonInsert = await rest('/guests', { method: 'POST', token: null, body: { fullName: 'x' } })
      expect(anonInsert.status).toBe(401)
      expect(anonInsert.headers.get('www-authenticate')).toBe('Bearer')
      expect(anonInsert.json).toEqual({
        code: '42501',
        message: 'new row violates row-level security policy for table "guests"',
        details: null,
        hint: null,
      })
      const strangerInsert = await rest('/guests', {
        method: 'POST',
        token: strangerToken,
        body: { fullName: 'x' },
      })
      expect(strangerInsert.status).toBe(403)
      const id = await makeCabin('E26')
      const update = await rest(`/cabins?id=eq.${id}`, {
        method: 'PATCH',
        token: strangerToken,
        headers: { Prefer: 'return=representation' },
        body: { name: 'stolen' },
      })
      expect(update).toMatchObject({ status: 200, json: [] })
      expect((await rest(`/cabins?id=eq.${id}`, { method: 'DELETE', token: null })).status).toBe(204)
      expect((await rest(`/cabins?select=name&id=eq.${id}`)).json).toEqual([{ name: 'E26' }])
    })

    it('27: unique and FK errors on RLS tables carry no key values', async () => {
      await makeCabin('E27')
      const duplicate = await rest('/cabins', {
        method: 'POST',
        body: { name: 'E27', maxCapacity: 1, regularPrice: 1 },
      })
      expect(duplicate.status).toBe(409)
      expect(duplicate.json).toEqual({
        code: '23505',
        message: 'duplicate key value violates unique constraint "cabins_name_key"',
        details: null,
        hint: null,
      })
    })

    it('28-29: every error has the four keys; statuses follow the SQLSTATE', async () => {
      const bad = await rest('/cabins?id=eq.abc')
      expect(bad.status).toBe(400)
      expect(bad.json).toEqual({
        code: '22P02',
        message: 'invalid input syntax for type bigint: "abc"',
        details: null,
        hint: null,
      })
      const noTable = await rest('/nope')
      expect(noTable.status).toBe(404)
      expect(Object.keys(noTable.json).sort()).toEqual(['code', 'details', 'hint', 'message'])
      const badFilter = await rest('/cabins?id=5')
      expect(badFilter.json).toEqual({
        code: 'PGRST100',
        message: '"failed to parse filter (5)" (line 1, column 1)',
        details: 'unexpected "5" expecting "not" or operator (eq, gt, ...)',
        hint: null,
      })
      const unknownOp = await rest('/cabins?id=foo.5')
      expect(unknownOp.json).toMatchObject({ code: 'PGRST100', details: 'unknown single value operator foo' })
      const badJson = await rest('/cabins', { method: 'POST', body: '{"name":' })
      expect(badJson.json).toEqual({
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: null,
        hint: null,
      })
      const profile = await rest('/cabins', { headers: { 'Accept-Profile': 'private' } })
      expect(profile.status).toBe(406)
      expect(profile.json).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' })
      const media = await rest('/cabins', { headers: { Accept: 'text/csv' } })
      expect(media).toMatchObject({ status: 406, json: { code: 'PGRST107' } })
      const rel = await rest('/bookings?select=id,nope(id)')
      expect(rel).toMatchObject({ status: 400, json: { code: 'PGRST200' } })
    })
  })

  describe('tokens, rpc and retries (30-33)', () => {
    it('30: an expired token is 401 PGRST303 with WWW-Authenticate', async () => {
      const token = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
      server.clock.advance(3600 + 31)
      try {
        const res = await rest('/cabins', { token })
        expect(res.status).toBe(401)
        expect(res.json).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null })
        expect(res.headers.get('www-authenticate')).toBe(
          'Bearer error="invalid_token", error_description="JWT expired"',
        )
      } finally {
        server.clock.advance(-(3600 + 31))
      }
    })

    it('32: GET rpc runs read-only (405), void is 204, a scalar comes back bare', async () => {
      const get = await rest(`/rpc/invite_staff?p_email=${q('new@example.com')}`)
      expect(get.status).toBe(405)
      expect(get.json).toMatchObject({ code: '25006' })
      const invite = await rest('/rpc/invite_staff', { method: 'POST', body: { p_email: 'new@example.com' } })
      expect(invite.status).toBe(200)
      expect(invite.json).toMatch(/^[0-9a-f]{64}$/)
      const post = await rest('/rpc/cancel_staff_invite', { method: 'POST', body: { p_token: invite.json } })
      expect(post.status).toBe(204)
      expect(post.text).toBe('')
      const dashboard = await rest('/rpc/get_dashboard', {
        method: 'POST',
        body: { p_today: '2026-06-15', p_days: 7 },
      })
      expect(dashboard.status).toBe(200)
      expect(dashboard.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(dashboard.json.salesByDay).toHaveLength(7)
      const missing = await rest('/rpc/get_dashboard', { method: 'POST', body: { p_days: 7 } })
      expect(missing).toMatchObject({ status: 404, json: { code: 'PGRST202' } })
    })

    it('33: ordinary errors are never 503 (supabase-js would retry them)', async () => {
      for (const path of [
        '/cabins?id=eq.abc',
        '/cabins?order=nope',
        '/nope',
        '/rpc/nope',
        '/cabins?select=(',
      ]) {
        const res = await rest(path)
        expect(res.status, path).toBeGreaterThanOrEqual(400)
        expect(res.status, path).toBeLessThan(500)
      }
    })
  })

  describe('bounds', () => {
    it('refuses oversized query strings and NUL bytes with 400', async () => {
      expect((await rest(`/cabins?select=id&name=eq.${'x'.repeat(13000)}`)).status).toBe(400)
      expect((await rest('/cabins?name=eq.a%00b')).status).toBe(400)
    })
  })
})
