import type { Filter, JsonStep } from '../parse/types'
import type { ColumnInfo, TableInfo } from '../schemaCache'

/**
 * The plan trees plan/ builds and sql/ writes, like PostgREST's ReadPlanTree and MutatePlan: every
 * name resolved against the schema cache, every choice taken, no SQL text and no placeholders.
 */

/** A column of a level, optionally followed into its JSON (`data->a->>b`). */
export interface ColumnRef {
  column: ColumnInfo
  jsonPath: JsonStep[]
}

/** One output key of a level's own columns: `select=name`, `n:name::text`, `data->>k`. */
export interface PlannedField extends ColumnRef {
  /** The key in the JSON output. */
  name: string
  /** The `::type` of the select item, checked by the select parser. */
  cast?: string
}

/**
 * A condition on a level: a filter bound to its column, a test of whether an embed found a row
 * (`cabins=not.is.null`, how PostgREST lets embedded filters drop parent rows), or an and/or tree.
 */
export type Condition =
  | { kind: 'filter'; filter: Filter; column: ColumnInfo }
  | { kind: 'embed'; embed: EmbedPlan; wantsNull: boolean }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] }

/** One ORDER BY term: a column of the level itself or of one of its to-one embeds (`alias`). */
export interface PlannedOrder extends ColumnRef {
  /** The alias of the level whose column this is. */
  alias: string
  direction: 'asc' | 'desc' | undefined
  nulls: 'first' | 'last' | undefined
}

/** One level of a read: the root table (or the rows a write or call produced) or an embedded resource. */
export interface ReadPlan {
  table: TableInfo
  /** This level's relation alias; generated (`pgrst_0`, …), never user text. */
  alias: string
  /** Reads the rows of the write or call (`pgrst_source`) instead of `table` itself. */
  fromSource: boolean
  fields: PlannedField[]
  /** The JSON keys this level outputs, in order (for related orders and spreads). */
  outputNames: string[]
  children: EmbedPlan[]
  /** Filters and logic trees, in the order of the query string. */
  conditions: Condition[]
  order: PlannedOrder[]
  /** Absent when there is no limit / no offset. */
  limit?: number
  offset?: number
  /** Whether a condition of this level tests an embed (`cabins=not.is.null`): impossible in a mutation's root. */
  filtersUseEmbeds: boolean
}

export interface EmbedPlan extends ReadPlan {
  /** The key in the parent's JSON: the alias, else the relation as written. */
  name: string
  /** The relation as written in the select, for error messages. */
  relation: string
  /** The alias of the parent level, which the join refers to. */
  parentAlias: string
  /** The foreign key as pairs of [this level's column, the parent's column]. */
  join: [string, string][]
  toOne: boolean
  inner: boolean
  spread: boolean
  /** Selects nothing (`cabins()`): joined for filtering, absent from the output. */
  hidden: boolean
}

/** Rows that share one column list, inserted by one INSERT (plan/mutate groups them). */
export interface InsertGroup {
  columns: string[]
  /** JSON array text of the rows, read by json_populate_recordset. */
  rowsJson: string
  rowCount: number
}

export interface InsertPlan {
  groups: InsertGroup[]
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' }
}

export interface UpdatePlan {
  columns: string[]
  /** JSON object text of the new values, read by json_populate_record. */
  rowJson: string
}
