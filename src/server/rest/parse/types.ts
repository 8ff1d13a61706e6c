/** The request's query string, parsed but not yet checked against the schema. */

export interface JsonStep {
  /** `->` keeps JSON, `->>` yields text. */
  arrow: '->' | '->>'
  key: string
  /** `->0`, `->-1`: an array index rather than an object key. */
  index: boolean
}

export interface FieldRef {
  name: string
  jsonPath: JsonStep[]
}

export type JoinType = 'inner' | 'left'

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  | {
      kind: 'embed'
      relation: string
      alias?: string
      hint?: string
      joinType?: JoinType
      spread: boolean
      children: SelectItem[]
    }

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'isdistinct'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts'

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'op'; op: SimpleOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; op: FtsOperator; config?: string; value: string }

export interface OpExpr {
  negate: boolean
  operation: Operation
}

export interface Filter {
  field: FieldRef
  expr: OpExpr
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'group'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] }

export interface OrderTerm {
  /** `order=cabins(name)`: a column of an embedded to-one resource. */
  relation?: string
  field: FieldRef
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export interface Range {
  offset: number
  limit?: number
}

/** Everything a dotted key prefix (`cabins.order`, `cabins.name=eq.x`) applies to one embed level. */
export interface EmbedPath {
  path: string[]
}

export interface QueryParams {
  select: SelectItem[]
  /** True when the request did not ask for a select (so the default `*` applies). */
  defaultSelect: boolean
  columns?: string[]
  onConflict?: string[]
  filters: (EmbedPath & { filter: Filter })[]
  logic: (EmbedPath & { tree: LogicTree })[]
  /** Keyed by the embed path joined with '.', '' for the root. */
  order: Map<string, OrderTerm[]>
  ranges: Map<string, Range>
  /** GET /rpc arguments: keys whose value carries no operator. */
  rpcArgs: [string, string][]
  /** Every decoded key/value pair in request order (value null for a key without '='). */
  pairs: [string, string | null][]
}
