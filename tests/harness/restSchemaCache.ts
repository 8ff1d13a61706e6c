/**
 * Test support: a schema cache of the app's tables built in memory, so the SQL builder can be tested
 * without a database.
 */
import type {
  ColumnInfo,
  FunctionInfo,
  Relationship,
  SchemaCache,
  TableInfo,
} from '../../src/server/rest/schemaCache'

function table(name: string, columns: [string, string][]): TableInfo {
  const list: ColumnInfo[] = columns.map(([column, base]) => ({ name: column, base }))
  return {
    name,
    columns: new Map(list.map((c) => [c.name, c])),
    columnList: list,
    primaryKey: ['id'],
  }
}

function foreignKey(from: string, column: string, to: string): Relationship[] {
  const constraint = `${from}_${column}_fkey`
  return [
    { table: from, foreignTable: to, constraint, columns: [[column, 'id']], cardinality: 'm2o' },
    { table: to, foreignTable: from, constraint, columns: [['id', column]], cardinality: 'o2m' },
  ]
}

export function fixtureSchema(): SchemaCache {
  const tables = [
    table('cabins', [
      ['id', 'int8'],
      ['created_at', 'timestamptz'],
      ['name', 'text'],
      ['maxCapacity', 'int4'],
      ['regularPrice', 'numeric'],
      ['discount', 'numeric'],
      ['image', 'text'],
      ['description', 'text'],
    ]),
    table('guests', [
      ['id', 'int8'],
      ['created_at', 'timestamptz'],
      ['fullName', 'text'],
      ['email', 'text'],
      ['nationality', 'text'],
      ['nationalID', 'text'],
      ['countryFlag', 'text'],
    ]),
    table('bookings', [
      ['id', 'int8'],
      ['created_at', 'timestamptz'],
      ['startDate', 'date'],
      ['endDate', 'date'],
      ['numNights', 'int4'],
      ['numGuests', 'int4'],
      ['cabinPrice', 'numeric'],
      ['extrasPrice', 'numeric'],
      ['totalPrice', 'numeric'],
      ['status', 'text'],
      ['hasBreakfast', 'bool'],
      ['observations', 'text'],
      ['isPaid', 'bool'],
      ['cabinId', 'int8'],
      ['guestId', 'int8'],
      ['data', 'jsonb'],
    ]),
  ]
  const relationships = new Map<string, Relationship[]>()
  for (const rel of [
    ...foreignKey('bookings', 'cabinId', 'cabins'),
    ...foreignKey('bookings', 'guestId', 'guests'),
  ]) {
    relationships.set(rel.table, [...(relationships.get(rel.table) ?? []), rel])
  }
  const functions = new Map<string, FunctionInfo[]>([
    [
      'get_dashboard',
      [
        {
          name: 'get_dashboard',
          params: [
            { name: 'p_today', type: 'date', required: true, variadic: false },
            { name: 'p_days', type: 'integer', required: true, variadic: false },
            { name: 'p_time_zone', type: 'text', required: false, variadic: false },
          ],
          returns: { kind: 'scalar', setof: false, base: 'json' },
          volatility: 'stable',
        },
      ],
    ],
  ])
  return { tables: new Map(tables.map((t) => [t.name, t])), relationships, functions, generation: 1 }
}
