/**
 * The `filter` of a postgres_changes binding (docs/REALTIME_CONTRACT.md §8): `column=[not.]op.value`,
 * several joined by commas (AND), evaluated on the new row (INSERT, UPDATE) or the old identity (DELETE).
 * Values are compared as the column's type: numbers as numbers, the rest as PostgreSQL's text.
 */

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'like' | 'ilike'

export interface Filter {
  column: string
  operator: FilterOperator
  negated: boolean
  /** One value; several for `in`; for `is`: 'null', 'true' or 'false'. */
  values: string[]
}

const OPERATORS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'like', 'ilike'])
const IN_VALUES_MAX = 100
const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'])

/** Thrown with Realtime's own wording, which the channel's `system` error message carries. */
export class FilterError extends Error {}

/** Parses a filter string; an empty or blank one is no filter. */
export function parseFilter(text: string): Filter[] {
  if (text.trim() === '') return []
  return splitTopLevel(text).map(parseCondition)
}

function parseCondition(condition: string): Filter {
  const equals = condition.indexOf('=')
  const column = condition.slice(0, equals).trim()
  let rest = condition.slice(equals + 1)
  if (equals <= 0 || column === '') throw new FilterError(parseError(condition.split('.')))
  const negated = rest.startsWith('not.')
  if (negated) rest = rest.slice(4)
  const dot = rest.indexOf('.')
  const operator = dot < 0 ? rest : rest.slice(0, dot)
  const raw = dot < 0 ? '' : rest.slice(dot + 1)
  if (!OPERATORS.has(operator) || dot < 0) throw new FilterError(parseError(rest.split('.')))
  if (operator !== 'in')
    return { column, operator: operator as FilterOperator, negated, values: [unquote(raw)] }
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw new FilterError('Error parsing `filter` params: `in` filter value must be wrapped by parentheses')
  }
  const values = splitTopLevel(raw.slice(1, -1)).map((value) => unquote(value.trim()))
  if (values.length > IN_VALUES_MAX) {
    throw new FilterError(
      `Error parsing \`filter\` params: \`in\` filter takes at most ${IN_VALUES_MAX} values`,
    )
  }
  return { column, operator: 'in', negated, values }
}

function parseError(parts: string[]): string {
  return `Error parsing \`filter\` params: [${parts.map((part) => JSON.stringify(part)).join(', ')}]`
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
    } else if (c === '"') quoted = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value
  return value.slice(1, -1).replace(/\\(.)/g, '$1')
}

/**
 * Checks the filters against the table's columns (name → type name), as Realtime's
 * subscription_check_filters does: an unknown column or a value the column cannot take is refused.
 */
export function checkFilters(filters: Filter[], columnTypes: ReadonlyMap<string, string>): void {
  for (const filter of filters) {
    const type = columnTypes.get(filter.column)
    if (type === undefined) throw new FilterError(`invalid column for filter ${filter.column}`)
    if (filter.operator === 'is') {
      if (!['null', 'true', 'false'].includes(filter.values[0].toLowerCase())) {
        throw new FilterError(`invalid value for filter ${filter.column}: ${filter.values[0]}`)
      }
    } else if (NUMERIC_TYPES.has(type) && filter.values.some((value) => !Number.isFinite(Number(value)))) {
      throw new FilterError(`invalid value for filter ${filter.column}: ${filter.values.join(',')}`)
    }
  }
}

/** Whether a row (JSON values, as to_jsonb gives them) passes every filter. */
export function rowMatches(
  filters: Filter[],
  row: Record<string, unknown>,
  columnTypes: ReadonlyMap<string, string>,
): boolean {
  return filters.every((filter) => {
    if (!(filter.column in row)) return false
    const outcome = conditionHolds(filter, row[filter.column], columnTypes.get(filter.column) ?? 'text')
    // As in SQL, a comparison with null is unknown, which `not` leaves unknown: the row is not sent.
    if (outcome === undefined) return false
    return filter.negated ? !outcome : outcome
  })
}

function conditionHolds(filter: Filter, value: unknown, type: string): boolean | undefined {
  if (filter.operator === 'is') {
    const wanted = filter.values[0].toLowerCase()
    return wanted === 'null' ? value === null : value === (wanted === 'true')
  }
  if (value === null || value === undefined) return undefined
  const numeric = NUMERIC_TYPES.has(type)
  const compare = (operand: string): number => {
    if (numeric) return Number(value) - Number(operand)
    const text = asText(value)
    return text < operand ? -1 : text > operand ? 1 : 0
  }
  const [first] = filter.values
  switch (filter.operator) {
    case 'eq':
      return compare(first) === 0
    case 'neq':
      return compare(first) !== 0
    case 'lt':
      return compare(first) < 0
    case 'lte':
      return compare(first) <= 0
    case 'gt':
      return compare(first) > 0
    case 'gte':
      return compare(first) >= 0
    case 'in':
      return filter.values.some((operand) => compare(operand) === 0)
    case 'like':
      return likePattern(first, '').test(asText(value))
    case 'ilike':
      return likePattern(first, 'i').test(asText(value))
  }
}

/** A value as PostgreSQL's text: booleans as true/false, objects as JSON. */
function asText(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** LIKE's `%` and `_` (PostgREST also accepts `*` for `%`) as an anchored regular expression. */
function likePattern(pattern: string, flags: string): RegExp {
  const source = pattern
    .split('')
    .map((c) => (c === '%' || c === '*' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`, `${flags}s`)
}
