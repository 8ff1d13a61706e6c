import type { ApiResponse } from '../http/types'
import { rowCounts, wantsCount, type RestRequest, type StatementRow } from './context'
import { singularityError, unacceptableFilter, whereRequired } from './errors'
import { parseRangeHeader } from './parse/headers'
import { canonicalQuery, parseQuery } from './parse/query'
import type { QueryParams } from './parse/types'
import { parseJsonBody, planInsert, planUpdate } from './plan/mutate'
import { planRead, rootOffset } from './plan/read'
import type { Condition, ReadPlan } from './plan/types'
import { contentRange, preferenceApplied, readStatus, success } from './respond'
import type { TableInfo } from './schemaCache'
import {
  deleteCte,
  insertCtes,
  insertedCountSql,
  locationSql,
  minimalStatement,
  noChangeCte,
  updateCte,
} from './sql/mutate'
import { RecentStatements } from './recentStatements'
import { Params } from './sql/params'
import { readStatement, writeWhereSql } from './sql/read'

interface PreparedRead {
  sql: string
  values: unknown[]
  offset: number
  counted: boolean
  contentLocation: string
}

/**
 * Built statements of recent reads. A list page that React Query refetches skips parsing and
 * planning; values are in `values`, so the SQL text is the same for every page of a list.
 */
const recentReads = new RecentStatements<PreparedRead>(500)

function prepareRead(r: RestRequest, table: TableInfo): PreparedRead {
  const { req } = r
  const shape = [
    r.cache.generation,
    req.method,
    table.name,
    req.rawQuery,
    req.headers.prefer,
    req.headers.accept,
    req.headers.range,
  ].join('\n')
  return recentReads.get(shape, () => {
    const query = parseQuery(req.rawQuery, 'table')
    const rangeHeader = parseRangeHeader(req.headers.range)
    const root = planRead(table, query, { cache: r.cache, fromSource: false, rangeHeader, isMutation: false })
    const counted = wantsCount(r.prefs)
    const params = new Params()
    const sql = readStatement(root, params, {
      total: counted ? 'matching' : undefined,
      body: req.method === 'HEAD' ? { kind: 'none' } : { kind: r.media.kind, stripNulls: r.media.stripNulls },
    })
    const location = `/${encodeURIComponent(table.name)}${query.pairs.length ? '?' + canonicalQuery(query.pairs) : ''}`
    return {
      sql,
      values: params.values,
      offset: rootOffset(query, rangeHeader),
      counted,
      contentLocation: location,
    }
  })
}

/** GET/HEAD /table (contract 2.3-2.10). */
export async function readTable(r: RestRequest, table: TableInfo): Promise<ApiResponse> {
  const prepared = prepareRead(r, table)
  const { rows } = await r.run((tx) => tx.query<StatementRow>(prepared.sql, prepared.values))
  const row = rows[0]
  const { total, page } = rowCounts(row)
  const { status, range } = readStatus(prepared.offset, page, prepared.counted ? total : undefined)
  if (r.media.kind === 'object' && page !== 1) throw singularityError(page)
  return success(
    status,
    {
      'Content-Range': range,
      'Content-Location': prepared.contentLocation,
      ...preferenceApplied(r.prefs, ['count']),
    },
    r.req.method === 'HEAD' ? undefined : (row.body ?? 'null'),
    r.media.contentType,
  )
}

/**
 * The read on top of a write (return=representation): the written rows (`pgrst_source`) shaped by
 * `select`, embeds included. Root filters went into the write itself.
 */
function writePlan(
  r: RestRequest,
  table: TableInfo,
  query: QueryParams,
): { root: ReadPlan; where: Condition[] } {
  // Without return=representation nothing is read back: only the root filters (the write's WHERE)
  // are planned.
  const shaped: QueryParams =
    r.prefs.return === 'representation'
      ? query
      : {
          ...query,
          select: [{ kind: 'star' }],
          filters: query.filters.filter(isRoot),
          logic: query.logic.filter(isRoot),
          order: new Map(),
          ranges: new Map(),
        }
  const root = planRead(table, shaped, { cache: r.cache, fromSource: true, isMutation: true })
  if (root.filtersUseEmbeds) throw unacceptableFilter(table.name)
  const where = root.conditions
  root.conditions = []
  return { root, where }
}

type WriteKind = 'insert' | 'update' | 'delete'

/**
 * Runs a write and its read in one statement inside the request's transaction. A singular request
 * (`.single()`) that did not touch exactly one row is refused inside the transaction, so nothing stays
 * written (contract 2.10).
 */
async function runWrite(
  r: RestRequest,
  root: ReadPlan,
  sources: string[],
  extraColumns: string[],
  params: Params,
): Promise<StatementRow> {
  const representation = r.prefs.return === 'representation'
  const counted = wantsCount(r.prefs)
  const sql = representation
    ? readStatement(root, params, {
        sources,
        total: counted ? 'written' : undefined,
        body: { kind: r.media.kind, stripNulls: r.media.stripNulls },
        extraColumns,
      })
    : minimalStatement(sources, counted, extraColumns)
  return r.run(async (tx) => {
    const { rows } = await tx.query<StatementRow>(sql, params.values)
    const row = rows[0]
    const { page } = rowCounts(row)
    if (r.media.kind === 'object' && page !== 1) throw singularityError(page)
    return row
  })
}

function writeResponse(
  r: RestRequest,
  kind: WriteKind,
  row: StatementRow,
  status: number,
  extra: Record<string, string>,
) {
  const representation = r.prefs.return === 'representation'
  const { total, page } = rowCounts(row)
  const counted = wantsCount(r.prefs) ? (total ?? page) : undefined
  // PostgREST: inserts and deletes report `*/total`, updates the range of rows they changed.
  const range = kind === 'update' ? contentRange(0, page - 1, counted) : contentRange(1, 0, counted)
  const headers = {
    'Content-Range': range,
    ...extra,
    ...preferenceApplied(r.prefs, ['return', 'count', 'resolution', 'missing']),
  }
  if (!representation) return success(status, headers, undefined, undefined)
  return success(status, headers, row.body ?? 'null', r.media.contentType)
}

/** POST /table: insert or upsert (contract 2.11). */
export async function insertRows(r: RestRequest, table: TableInfo): Promise<ApiResponse> {
  const query = parseQuery(r.req.rawQuery, 'table')
  const plan = planInsert(table, parseJsonBody(r.req.body), query, r.prefs)
  // An insert has no WHERE: PostgREST ignores filters on the root.
  const embedOnly = {
    ...query,
    filters: query.filters.filter((f) => !isRoot(f)),
    logic: query.logic.filter((l) => !isRoot(l)),
  }
  const { root } = writePlan(r, table, embedOnly)
  const params = new Params()
  const sources = insertCtes(table, root.alias, plan, params)
  const extra: string[] = []
  if (plan.onConflict) extra.push(insertedCountSql)
  // Location names the row by its primary key; a table without one gets no Location.
  if (r.prefs.return === 'headers-only' && table.primaryKey.length > 0)
    extra.push(locationSql(table.primaryKey))
  const row = await runWrite(r, root, sources, extra, params)
  const { page } = rowCounts(row)
  // An upsert that only merged into existing rows is 200, anything that inserted is 201.
  const onlyUpdated = plan.onConflict?.action === 'merge' && page > 0 && Number(row.inserted) === 0
  const headers: Record<string, string> = {}
  if (r.prefs.return === 'headers-only' && row.location)
    headers.Location = locationHeader(table, row.location)
  return writeResponse(r, 'insert', row, onlyUpdated ? 200 : 201, headers)
}

function locationHeader(table: TableInfo, keyJson: string): string {
  const key = JSON.parse(keyJson) as Record<string, unknown>
  const filters = Object.entries(key).map(
    ([column, value]) => `${encodeURIComponent(column)}=eq.${encodeURIComponent(String(value))}`,
  )
  return `/${encodeURIComponent(table.name)}${filters.length ? '?' + filters.join('&') : ''}`
}

const isRoot = (condition: { path: string[] }) => condition.path.length === 0

/** Hosted Supabase runs safeupdate: an UPDATE or DELETE must have a WHERE clause. */
function hasRootFilters(query: QueryParams): boolean {
  return query.filters.some(isRoot) || query.logic.some(isRoot)
}

/** PATCH /table?filters (contract 2.11). */
export async function updateRows(r: RestRequest, table: TableInfo): Promise<ApiResponse> {
  const query = parseQuery(r.req.rawQuery, 'table')
  const plan = planUpdate(table, parseJsonBody(r.req.body), query)
  if (plan && !hasRootFilters(query)) throw whereRequired('UPDATE')
  const { root, where } = writePlan(r, table, query)
  const params = new Params()
  const whereSql = writeWhereSql(root, where, params)
  const source = plan
    ? updateCte(table, root.alias, plan, whereSql, params)
    : noChangeCte(table, root.alias, whereSql)
  const row = await runWrite(r, root, [source], [], params)
  return writeResponse(r, 'update', row, r.prefs.return === 'representation' ? 200 : 204, {})
}

/** DELETE /table?filters (contract 2.11). */
export async function deleteRows(r: RestRequest, table: TableInfo): Promise<ApiResponse> {
  const query = parseQuery(r.req.rawQuery, 'table')
  if (!hasRootFilters(query)) throw whereRequired('DELETE')
  const { root, where } = writePlan(r, table, query)
  const params = new Params()
  const source = deleteCte(table, root.alias, writeWhereSql(root, where, params))
  const row = await runWrite(r, root, [source], [], params)
  return writeResponse(r, 'delete', row, r.prefs.return === 'representation' ? 200 : 204, {})
}
