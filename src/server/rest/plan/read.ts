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
import {
  castSql,
  fieldSql,
  filterSql,
  joinConditionSql,
  logicSql,
  orderTermSql,
  selectItemSql,
} from '../sql/filter'
import { qualifiedTable } from '../sql/ident'
import type { Params } from '../sql/params'
import { embedTestSql, type EmbedNode, type ReadNode } from '../sql/read'
import { findRelationship, isToOne } from './relationships'

export interface ReadOptions {
  cache: SchemaCache
  params: Params
  /** The FROM of the root (defaults to the table itself). */
  rootFrom: string
  /** The Range header of a read, intersected with the root's limit/offset as PostgREST does. */
  rangeHeader?: Range
  /** Mutations return every affected row and take no root order or range (PostgREST ignores them). */
  isMutation: boolean
}

/** Builds the read tree of a request over `table`: select, embeds, filters, orders and ranges per level. */
export function planRead(table: TableInfo, query: QueryParams, options: ReadOptions): ReadNode {
  const aliases = { next: 0 }
  const root = buildNode(table, query.select, options.rootFrom, aliases, options)

  const addCondition = (path: string[], render: (node: ReadNode) => Rendered) => {
    const node = nodeAt(root, path)
    const rendered = render(node)
    node.where.push(rendered.main)
    node.countWhere.push(rendered.count)
    if (rendered.usesEmbed && node === root) root.filtersUseEmbeds = true
  }
  for (const { path, filter } of query.filters)
    addCondition(path, (node) => leafSql(node, filter, options.params))
  for (const { path, tree } of query.logic) addCondition(path, (node) => treeSql(node, tree, options.params))
  for (const [key, terms] of query.order) {
    if (options.isMutation && key === '') continue
    const node = nodeAt(root, key === '' ? [] : key.split('.'))
    node.order = terms.map((term) => orderSql(node, term, options.params))
  }
  applyRanges(root, query, options)
  return root
}

function buildNode(
  table: TableInfo,
  items: SelectItem[],
  from: string,
  aliases: { next: number },
  options: ReadOptions,
): ReadNode {
  const node: ReadNode = {
    table,
    alias: `pgrst_${aliases.next++}`,
    from,
    fields: [],
    outputNames: [],
    children: [],
    where: [],
    countWhere: [],
    order: [],
    filtersUseEmbeds: false,
  }
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of table.columnList)
        addField(node, column.name, fieldSql(node.alias, column, [], options.params).sql)
    } else if (item.kind === 'field') {
      const column = columnOf(table, item.field.name)
      const { sql } = fieldSql(node.alias, column, item.field.jsonPath, options.params)
      const lastKey = [...item.field.jsonPath].reverse().find((step) => !step.index)?.key
      const name =
        item.alias ?? (item.field.jsonPath.length > 0 ? (lastKey ?? item.field.name) : item.field.name)
      addField(node, name, item.cast ? castSql(sql, item.cast) : sql)
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

function addField(node: ReadNode, name: string, sql: string): void {
  node.fields.push(selectItemSql(sql, name))
  node.outputNames.push(name)
}

function buildEmbed(
  parent: ReadNode,
  item: Extract<SelectItem, { kind: 'embed' }>,
  aliases: { next: number },
  options: ReadOptions,
): EmbedNode {
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
  const inner = buildNode(table, item.children, qualifiedTable(table), aliases, options)
  // The child's FK columns against the parent's, e.g. "pgrst_1"."id" = "pgrst_0"."cabinId".
  const join = relationship.columns.map(([own, foreign]) =>
    joinConditionSql(inner.alias, foreign, parent.alias, own),
  )
  inner.where.push(...join)
  inner.countWhere.push(...join)
  return {
    ...inner,
    name: item.alias ?? item.relation,
    relation: item.relation,
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
function childNamed(node: ReadNode, name: string): EmbedNode | undefined {
  return node.children.find((c) => c.name === name) ?? node.children.find((c) => c.relation === name)
}

function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root
  for (const name of path) {
    const child = childNamed(node, name)
    if (!child) throw notEmbedded(name)
    node = child
  }
  return node
}

interface Rendered {
  main: string
  count: string
  usesEmbed: boolean
}

/**
 * A filter leaf. A filter naming an embed instead of a column (`cabins=not.is.null`) tests whether
 * the embed found a row, which is how PostgREST lets embedded filters drop parent rows.
 */
function leafSql(node: ReadNode, filter: Filter, params: Params): Rendered {
  const embed =
    filter.field.jsonPath.length === 0 && !node.table.columns.has(filter.field.name)
      ? childNamed(node, filter.field.name)
      : undefined
  if (!embed) {
    const sql = filterSql(filter, node.alias, columnOf(node.table, filter.field.name), params)
    return { main: sql, count: sql, usesEmbed: false }
  }
  const operation = filter.expr.operation
  if (operation.kind !== 'is' || (operation.value !== 'null' && operation.value !== 'not_null')) {
    throw unacceptableFilter(filter.field.name)
  }
  const wantsNull = (operation.value === 'null') !== filter.expr.negate
  return { ...embedTestSql(embed, wantsNull), usesEmbed: true }
}

function treeSql(node: ReadNode, tree: LogicTree, params: Params): Rendered {
  if (tree.kind === 'filter') return leafSql(node, tree.filter, params)
  const parts = tree.children.map((child) => treeSql(node, child, params))
  return {
    main: logicSql(
      tree.op,
      tree.negate,
      parts.map((p) => p.main),
    ),
    count: logicSql(
      tree.op,
      tree.negate,
      parts.map((p) => p.count),
    ),
    usesEmbed: parts.some((p) => p.usesEmbed),
  }
}

function orderSql(node: ReadNode, term: OrderTerm, params: Params): string {
  let expression: string
  if (term.relation !== undefined) {
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
    expression = fieldSql(embed.alias, column, term.field.jsonPath, params).sql
  } else {
    expression = fieldSql(node.alias, columnOf(node.table, term.field.name), term.field.jsonPath, params).sql
  }
  return orderTermSql(expression, term.direction, term.nulls)
}

/**
 * limit/offset per level, the Range header on the root, and db-max-rows on every level of a read
 * (PostgREST's treeRestrictRange); mutations return all affected rows. Refuses a tree whose levels
 * may together produce more than MAX_RESPONSE_ROWS rows.
 */
function applyRanges(root: ReadNode, query: QueryParams, options: ReadOptions): void {
  const ranges = new Map<ReadNode, Range>()
  for (const [key, range] of query.ranges) ranges.set(nodeAt(root, key === '' ? [] : key.split('.')), range)
  if (options.rangeHeader) ranges.set(root, intersect(options.rangeHeader, ranges.get(root)))
  let mostRows = 0
  const pending: [ReadNode, number][] = [[root, 1]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, parentRows] = next
    const range = ranges.get(node)
    if (range?.limit !== undefined && range.limit < 0) {
      throw rangeError('Limit should be greater than or equal to zero.')
    }
    // A to-one embed has at most one row anyway; only the root of a mutation returns everything.
    const toOne = 'toOne' in node && (node as EmbedNode).toOne
    const limit = Math.min(range?.limit ?? MAX_ROWS, MAX_ROWS)
    if (!(node === root && options.isMutation) && !(toOne && range === undefined)) {
      node.limit = options.params.add(limit)
      if (range && range.offset > 0) node.offset = options.params.add(range.offset)
    }
    const rows = parentRows * (toOne ? 1 : limit)
    mostRows += rows
    if (mostRows > MAX_RESPONSE_ROWS) throw responseTooLarge(MAX_RESPONSE_ROWS)
    // Reversed, so levels take their parameters in select order (pre-order, as the SQL reads).
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
