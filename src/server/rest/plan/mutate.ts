import { columnNotFound, invalidBody, limitError, undefinedColumn } from '../errors'
import { MAX_INSERT_ROWS } from '../limits'
import type { Preferences } from '../parse/headers'
import type { QueryParams } from '../parse/types'
import type { TableInfo } from '../schemaCache'
import type { InsertGroup, InsertPlan, UpdatePlan } from './types'

type JsonObject = Record<string, unknown>

/** Invalid or empty JSON is PGRST102 "Empty or invalid json" (contract 2.11). */
export function parseJsonBody(body: Buffer): unknown {
  const text = body.toString('utf8')
  if (text.trim() === '') throw invalidBody('Empty or invalid json')
  try {
    return JSON.parse(text)
  } catch {
    throw invalidBody('Empty or invalid json')
  }
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Which columns an insert writes (contract 2.11): without `columns`, the keys of the payload (every
 * object the same keys, each a column); with `columns`, those columns, absent keys being NULL — or,
 * under `Prefer: missing=default`, their DEFAULT, which needs one INSERT per distinct key set.
 */
export function planInsert(
  table: TableInfo,
  payload: unknown,
  query: QueryParams,
  prefs: Preferences,
): InsertPlan {
  const rows = Array.isArray(payload) ? payload : [payload]
  if (!rows.every(isObject)) throw invalidBody('Empty or invalid json')
  if (rows.length > MAX_INSERT_ROWS) {
    throw limitError('Too many rows', `An insert may have at most ${MAX_INSERT_ROWS} objects.`)
  }
  const objects = rows as JsonObject[]
  let groups: InsertGroup[]
  if (query.columns !== undefined) {
    const columns = query.columns
    for (const column of columns) if (!table.columns.has(column)) throw columnNotFound(table.name, column)
    if (prefs.missing === 'default') {
      const byKeys = new Map<string, JsonObject[]>()
      for (const row of objects) {
        const key = JSON.stringify(columns.filter((c) => Object.hasOwn(row, c)))
        const list = byKeys.get(key) ?? []
        list.push(row)
        byKeys.set(key, list)
      }
      groups = [...byKeys].map(([key, list]) => group(JSON.parse(key) as string[], list))
    } else {
      groups = objects.length === 0 ? [] : [group(columns, objects)]
    }
  } else {
    const first = objects[0]
    const columns = first === undefined ? [] : Object.keys(first)
    for (const column of columns) if (!table.columns.has(column)) throw columnNotFound(table.name, column)
    const sameKeys = (row: JsonObject) => {
      const keys = Object.keys(row)
      return keys.length === columns.length && keys.every((k) => Object.hasOwn(first as JsonObject, k))
    }
    if (!objects.every(sameKeys)) throw invalidBody('All object keys must match')
    groups = objects.length === 0 ? [] : [group(columns, objects)]
  }

  if (prefs.resolution === undefined) return { groups }
  const conflictColumns = query.onConflict ?? table.primaryKey
  for (const column of conflictColumns)
    if (!table.columns.has(column)) throw undefinedColumn(table.name, column)
  // Without a key to detect duplicates by, PostgREST inserts plainly.
  if (conflictColumns.length === 0) return { groups }
  return {
    groups,
    onConflict: {
      columns: conflictColumns,
      action: prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore',
    },
  }
}

function group(columns: string[], rows: JsonObject[]): InsertGroup {
  return { columns, rowsJson: JSON.stringify(rows), rowCount: rows.length }
}

/** PATCH body: one object whose keys are columns; `{}` or `[]` changes nothing (undefined). */
export function planUpdate(table: TableInfo, payload: unknown, query: QueryParams): UpdatePlan | undefined {
  if (Array.isArray(payload) && payload.length === 0) return undefined
  if (!isObject(payload)) throw invalidBody('Empty or invalid json')
  let columns = Object.keys(payload)
  if (query.columns !== undefined) {
    for (const column of query.columns)
      if (!table.columns.has(column)) throw columnNotFound(table.name, column)
    columns = query.columns.filter((c) => Object.hasOwn(payload, c))
  } else {
    for (const column of columns) if (!table.columns.has(column)) throw columnNotFound(table.name, column)
  }
  if (columns.length === 0) return undefined
  return { columns, rowJson: JSON.stringify(payload) }
}
