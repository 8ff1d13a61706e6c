import {
  RestError,
  notEmbedded,
  rangeError,
  relatedOrderNotToOne,
  responseTooLarge,
  unacceptableFilter,
  undefinedColumn,
} from '../errors'
import { MAX_RESPONSE_ROWS, MAX_ROWS } from '../limits'
import type { Filter, LogicTree, OrderTerm, QueryParams, Range, SelectItem } from '../parse/types'
import type { ColumnInfo, SchemaCache, TableInfo } from '../schemaCache'
import { findRelationship, isToOne } from './relationships'
import type { Condition, EmbedPlan, PlannedOrder, ReadPlan } from './types'

export interface ReadOptions {
  cache: SchemaCache
  /** The root reads the rows of the write or call (`pgrst_source`) instead of its table. */
  fromSource: boolean
  /** The Range header of a read, intersected with the root's limit/offset as PostgREST does. */
  rangeHeader?: Range
  /** Mutations return every affected row and take no root order or range (PostgREST ignores them). */
  isMutation: boolean
}

/** Builds the read tree of a request over `table`: select, embeds, filters, orders and ranges per level. */
export function planRead(table: TableInfo, query: QueryParams, options: ReadOptions): ReadPlan {
  const aliases = { next: 0 }
  const root = buildNode(table, query.select, options.fromSource, aliases, options)

  const addCondition = (path: string[], plan: (node: ReadPlan) => Condition) => {
    const node = nodeAt(root, path)
    node.conditions.push(plan(node))
  }
  for (const { path, filter } of query.filters) addCondition(path, (node) => leafCondition(node, filter))
  for (const { path, tree } of query.logic) addCondition(path, (node) => treeCondition(node, tree))
  for (const [key, terms] of query.order) {
    if (options.isMutation && key === '') continue
    const node = nodeAt(root, key === '' ? [] : key.split('.'))
    node.order = terms.map((term) => plannedOrder(node, term))
  }
  applyRanges(root, query, options)
  return root
}

function buildNode(
  table: TableInfo,
  items: SelectItem[],
  fromSource: boolean,
  aliases: { next: number },
  options: ReadOptions,
): ReadPlan {
  const node: ReadPlan = {
    table,
    alias: `pgrst_${aliases.next++}`,
    fromSource,
    fields: [],
    outputNames: [],
    children: [],
    conditions: [],
    order: [],
    filtersUseEmbeds: false,
  }
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of table.columnList) {
        node.fields.push({ column, jsonPath: [], name: column.name })
        node.outputNames.push(column.name)
      }
    } else if (item.kind === 'field') {
      const { jsonPath } = item.field
      const lastKey = [...jsonPath].reverse().find((step) => !step.index)?.key
      const name = item.alias ?? (jsonPath.length > 0 ? (lastKey ?? item.field.name) : item.field.name)
      node.fields.push({ column: columnOf(table, item.field.name), jsonPath, name, cast: item.cast })
      node.outputNames.push(name)
    } else {
      node.children.push(buildEmbed(node, item, aliases, options))
    }
  }
  for (const child of node.children) {
    if (child.hidden) continue
    if (child.spread) node.outputNames.push(...child.outputNames)
    else node.outputNames.push(child.name)
  }
  return node
}

function buildEmbed(
  parent: ReadPlan,
  item: Extract<SelectItem, { kind: 'embed' }>,
  aliases: { next: number },
  options: ReadOptions,
): EmbedPlan {
  const relationship = findRelationship(options.cache, parent.table.name, item.relation, item.hint)
  const table = options.cache.tables.get(relationship.foreignTable)
  if (!table) throw new Error(`relationship to unknown table ${relationship.foreignTable}`)
  const toOne = isToOne(relationship)
  if (item.spread && !toOne) {
    throw new RestError(400, {
      code: 'PGRST119',
      message: `A spread operation on '${item.relation}' is not possible`,
      details: `'${parent.table.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
      hint: null,
    })
  }
  const inner = buildNode(table, item.children, false, aliases, options)
  // Written out rather than `{ ...inner, … }`: the spread took V8's slow path and made planning
  // several times slower.
  return {
    table,
    alias: inner.alias,
    fromSource: false,
    fields: inner.fields,
    outputNames: inner.outputNames,
    children: inner.children,
    conditions: inner.conditions,
    order: inner.order,
    filtersUseEmbeds: false,
    name: item.alias ?? item.relation,
    relation: item.relation,
    parentAlias: parent.alias,
    // The child's FK columns against the parent's: [foreign, own] of the parent's relationship.
    join: relationship.columns.map(([own, foreign]) => [foreign, own]),
    toOne,
    inner: item.joinType === 'inner',
    spread: item.spread,
    hidden: inner.fields.length === 0 && inner.children.every((c) => c.hidden),
  }
}

function columnOf(table: TableInfo, name: string): ColumnInfo {
  const column = table.columns.get(name)
  if (!column) throw undefinedColumn(table.name, name)
  return column
}

/** The embed of `node` called `name` (by alias first, then by relation as written). */
function childNamed(node: ReadPlan, name: string): EmbedPlan | undefined {
  return node.children.find((c) => c.name === name) ?? node.children.find((c) => c.relation === name)
}

function nodeAt(root: ReadPlan, path: string[]): ReadPlan {
  let node = root
  for (const name of path) {
    const child = childNamed(node, name)
    if (!child) throw notEmbedded(name)
    node = child
  }
  return node
}

/**
 * A filter leaf. A filter naming an embed instead of a column (`cabins=not.is.null`) tests whether
 * the embed found a row, which is how PostgREST lets embedded filters drop parent rows.
 */
function leafCondition(node: ReadPlan, filter: Filter): Condition {
  const embed =
    filter.field.jsonPath.length === 0 && !node.table.columns.has(filter.field.name)
      ? childNamed(node, filter.field.name)
      : undefined
  if (!embed) return { kind: 'filter', filter, column: columnOf(node.table, filter.field.name) }
  const operation = filter.expr.operation
  if (operation.kind !== 'is' || (operation.value !== 'null' && operation.value !== 'not_null')) {
    throw unacceptableFilter(filter.field.name)
  }
  node.filtersUseEmbeds = true
  return { kind: 'embed', embed, wantsNull: (operation.value === 'null') !== filter.expr.negate }
}

function treeCondition(node: ReadPlan, tree: LogicTree): Condition {
  if (tree.kind === 'filter') return leafCondition(node, tree.filter)
  return {
    kind: 'logic',
    op: tree.op,
    negate: tree.negate,
    children: tree.children.map((child) => treeCondition(node, child)),
  }
}

function plannedOrder(node: ReadPlan, term: OrderTerm): PlannedOrder {
  const { direction, nulls } = term
  const { jsonPath } = term.field
  if (term.relation === undefined) {
    return { alias: node.alias, column: columnOf(node.table, term.field.name), jsonPath, direction, nulls }
  }
  const embed = childNamed(node, term.relation)
  if (!embed) throw notEmbedded(term.relation)
  if (!embed.toOne) throw relatedOrderNotToOne(node.table.name, term.relation)
  // The embed's lateral subquery only has the columns it selects, as in PostgREST.
  if (!embed.outputNames.includes(term.field.name) || embed.hidden) {
    throw undefinedColumn(term.relation, term.field.name)
  }
  const column = embed.table.columns.get(term.field.name) ?? {
    name: term.field.name,
    type: 'json',
    base: 'json',
  }
  return { alias: embed.alias, column, jsonPath, direction, nulls }
}

/**
 * limit/offset per level, the Range header on the root, and db-max-rows on every level of a read
 * (PostgREST's treeRestrictRange); mutations return all affected rows. Refuses a tree whose levels
 * may together produce more than MAX_RESPONSE_ROWS rows.
 */
function applyRanges(root: ReadPlan, query: QueryParams, options: ReadOptions): void {
  const ranges = new Map<ReadPlan, Range>()
  for (const [key, range] of query.ranges) ranges.set(nodeAt(root, key === '' ? [] : key.split('.')), range)
  if (options.rangeHeader) ranges.set(root, intersect(options.rangeHeader, ranges.get(root)))
  let mostRows = 0
  const pending: [ReadPlan, number][] = [[root, 1]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, parentRows] = next
    const range = ranges.get(node)
    if (range?.limit !== undefined && range.limit < 0) {
      throw rangeError('Limit should be greater than or equal to zero.')
    }
    // A to-one embed has at most one row anyway; only the root of a mutation returns everything.
    const toOne = 'toOne' in node && (node as EmbedPlan).toOne
    const limit = Math.min(range?.limit ?? MAX_ROWS, MAX_ROWS)
    if (!(node === root && options.isMutation) && !(toOne && range === undefined)) {
      node.limit = limit
      if (range && range.offset > 0) node.offset = range.offset
    }
    const rows = parentRows * (toOne ? 1 : limit)
    mostRows += rows
    if (mostRows > MAX_RESPONSE_ROWS) throw responseTooLarge(MAX_RESPONSE_ROWS)
    // Reversed, so levels are checked in select order (pre-order).
    for (const child of [...node.children].reverse()) pending.push([child, rows])
  }
}

function intersect(header: Range, params: Range | undefined): Range {
  if (!params) return header
  const offset = Math.max(header.offset, params.offset)
  const end = Math.min(
    header.limit === undefined ? Infinity : header.offset + header.limit,
    params.limit === undefined ? Infinity : params.offset + params.limit,
  )
  return { offset, limit: end === Infinity ? undefined : Math.max(end - offset, 0) }
}

/** The root's offset as the response's Content-Range needs it. */
export function rootOffset(query: QueryParams, rangeHeader: Range | undefined): number {
  const params = query.ranges.get('')
  return rangeHeader ? intersect(rangeHeader, params).offset : (params?.offset ?? 0)
}
