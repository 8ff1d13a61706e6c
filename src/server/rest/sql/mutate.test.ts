import { describe, expect, it } from 'vitest'
import type { RestError } from '../errors'
import { parsePrefer } from '../parse/headers'
import { parseQuery } from '../parse/query'
import { planInsert, planUpdate } from '../plan/mutate'
import { fixtureSchema } from '../../../../tests/harness/restSchemaCache'
import { deleteCte, insertCtes, updateCte } from './mutate'
import { Params } from './params'

const cabins = fixtureSchema().tables.get('cabins')!

const errorOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return (error as RestError).body
  }
  throw new Error('no error')
}

function insert(body: unknown, query = '', prefer = '') {
  const params = new Params()
  const plan = planInsert(cabins, body, parseQuery(query, 'table'), parsePrefer(prefer))
  return { plan, ctes: insertCtes(cabins, 'pgrst_0', plan, params), values: params.values }
}

describe('insert', () => {
  it('writes the keys of the object, leaving other columns to their defaults', () => {
    const { ctes, values } = insert({ name: '004', maxCapacity: 3 })
    expect(ctes).toEqual([
      'pgrst_insert_0 AS (INSERT INTO "public"."cabins" AS "pgrst_0" ("name", "maxCapacity") SELECT "name", "maxCapacity" ' +
        'FROM json_populate_recordset(NULL::"public"."cabins", $1::json) RETURNING "pgrst_0".*)',
      'pgrst_source AS (SELECT * FROM pgrst_insert_0)',
    ])
    expect(values).toEqual(['[{"name":"004","maxCapacity":3}]'])
  })

  it('requires identical keys in an array without columns', () => {
    expect(errorOf(() => insert([{ name: 'a' }, { name: 'b', discount: 1 }]))).toEqual({
      code: 'PGRST102',
      message: 'All object keys must match',
      details: null,
      hint: null,
    })
  })

  it('refuses unknown keys and unknown columns with PGRST204', () => {
    expect(errorOf(() => insert({ nope: 1 }))).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'cabins' in the schema cache",
    })
    expect(errorOf(() => insert([{ name: 'a' }], 'columns=name,nope')).code).toBe('PGRST204')
  })

  it('with columns: ignores other keys, writes every listed column (absent ones as NULL)', () => {
    const { plan } = insert(
      [
        { name: 'a', extra: 1 },
        { name: 'b', maxCapacity: 2 },
      ],
      'columns=%22name%22,%22maxCapacity%22',
    )
    expect(plan.groups.map((g) => g.columns)).toEqual([['name', 'maxCapacity']])
  })

  it('with columns and missing=default: one INSERT per key set so absent columns get their DEFAULT', () => {
    const { plan, ctes } = insert(
      [{ name: 'a' }, { name: 'b', discount: 2 }, { name: 'c' }],
      'columns=name,discount',
      'missing=default',
    )
    expect(plan.groups.map((g) => [g.columns, g.rowCount])).toEqual([
      [['name'], 2],
      [['name', 'discount'], 1],
    ])
    expect(ctes[2]).toBe(
      'pgrst_source AS (SELECT * FROM pgrst_insert_0 UNION ALL SELECT * FROM pgrst_insert_1)',
    )
  })

  it('upserts on the primary key or on_conflict, merging only the posted columns', () => {
    const merge = insert({ id: 1, name: 'x' }, '', 'resolution=merge-duplicates')
    expect(merge.ctes[0]).toContain(
      'ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name" RETURNING "pgrst_0".*, ("pgrst_0".xmax = 0) AS pgrst_inserted',
    )
    const ignore = insert({ name: 'x' }, 'on_conflict=name', 'resolution=ignore-duplicates')
    expect(ignore.ctes[0]).toContain('ON CONFLICT ("name") DO NOTHING')
    expect(
      errorOf(() => insert({ name: 'x' }, 'on_conflict=nope', 'resolution=ignore-duplicates')).code,
    ).toBe('42703')
  })

  it('refuses bodies that are not objects', () => {
    expect(errorOf(() => insert([1, 2])).code).toBe('PGRST102')
    expect(errorOf(() => insert('x')).code).toBe('PGRST102')
  })

  it('inserts nothing for an empty array', () => {
    expect(insert([]).ctes).toEqual([
      'pgrst_source AS (SELECT "pgrst_0".* FROM "public"."cabins" AS "pgrst_0" WHERE false)',
    ])
  })
})

describe('update and delete', () => {
  it('sets exactly the posted columns from the JSON body', () => {
    const params = new Params()
    const plan = planUpdate(cabins, { name: '001b', discount: 5 }, parseQuery('', 'table'))!
    expect(updateCte(cabins, 'pgrst_0', plan, ['"pgrst_0"."id" = $9'], params)).toBe(
      'pgrst_source AS (UPDATE "public"."cabins" AS "pgrst_0" SET "name" = pgrst_body."name", "discount" = pgrst_body."discount" ' +
        'FROM (SELECT * FROM json_populate_record(NULL::"public"."cabins", $1::json)) AS pgrst_body WHERE "pgrst_0"."id" = $9 RETURNING "pgrst_0".*)',
    )
  })

  it('treats {} and [] as no change', () => {
    expect(planUpdate(cabins, {}, parseQuery('', 'table'))).toBeUndefined()
    expect(planUpdate(cabins, [], parseQuery('', 'table'))).toBeUndefined()
    expect(errorOf(() => planUpdate(cabins, [{ name: 'a' }], parseQuery('', 'table'))).code).toBe('PGRST102')
  })

  it('deletes with the filters as WHERE', () => {
    expect(deleteCte(cabins, 'pgrst_0', ['"pgrst_0"."id" = $1'])).toBe(
      'pgrst_source AS (DELETE FROM "public"."cabins" AS "pgrst_0" WHERE "pgrst_0"."id" = $1 RETURNING "pgrst_0".*)',
    )
  })
})
