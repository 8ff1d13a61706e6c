import type { Column, FunctionArgument, PgFunction, Relation, SchemaCatalog } from './catalog'

/**
 * The TypeScript text of a schema, in the shape `supabase gen types typescript` gives it
 * (Database → schema → Tables, Views, Functions, Enums, CompositeTypes), unformatted. Every list is
 * sorted by code point, so the same schema always gives the same text.
 */
export function renderDatabaseTypes(catalog: SchemaCatalog): string {
  const schema = new SchemaRenderer(catalog)
  return `${HEADER}
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  ${key(catalog.schema)}: {
    Tables: ${schema.tables()}
    Views: ${schema.views()}
    Functions: ${schema.functions()}
    Enums: ${schema.enums()}
    CompositeTypes: ${schema.compositeTypes()}
  }
}

${helpers(catalog.schema)}

export const Constants = {
  ${key(catalog.schema)}: { Enums: ${schema.enumConstants()} },
} as const
`
}

const HEADER = `// Generated from supabase/migrations by \`npm run gen:types\` (scripts/gen-types.mjs): do not edit.
// The shape is that of \`supabase gen types typescript\`, so supabase-js types every query and rpc.`

const TABLE_KINDS = ['r', 'p', 'f']
const VIEW_KINDS = ['v', 'm']
const EMPTY = '{ [_ in never]: never }'

// The scalar types the way supabase gen types maps them; anything else is unknown.
const NUMBER_TYPES = ['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']
const STRING_TYPES = [
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
]

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const key = (name: string) => JSON.stringify(name)
const objectOf = (members: string[]) => (members.length === 0 ? EMPTY : `{ ${members.join('\n')} }`)

class SchemaRenderer {
  private readonly columnsOf = new Map<number, Column[]>()

  constructor(private readonly catalog: SchemaCatalog) {
    for (const column of catalog.columns) {
      this.columnsOf.set(column.relation, [...(this.columnsOf.get(column.relation) ?? []), column])
    }
    for (const columns of this.columnsOf.values()) columns.sort((a, b) => byCodePoint(a.name, b.name))
  }

  tables(): string {
    return objectOf(
      this.relations(TABLE_KINDS).map(
        (table) => `${key(table.name)}: {
          Row: ${this.row(table)}
          Insert: ${this.writable(table, 'insert')}
          Update: ${this.writable(table, 'update')}
          Relationships: ${this.relationships(table)}
        }`,
      ),
    )
  }

  /**
   * supabase gen types also lists the foreign keys a view inherits from its base tables; the schema
   * has no view yet, so a view's Relationships stay empty until one needs embedding.
   */
  views(): string {
    return objectOf(
      this.relations(VIEW_KINDS).map(
        (view) => `${key(view.name)}: {
          Row: ${this.row(view)}
          ${view.updatable ? `Insert: ${this.viewWritable(view)}\nUpdate: ${this.viewWritable(view)}` : ''}
          Relationships: []
        }`,
      ),
    )
  }

  functions(): string {
    const overloads = new Map<string, PgFunction[]>()
    for (const fn of this.catalog.functions.filter(callableByName)) {
      overloads.set(fn.name, [...(overloads.get(fn.name) ?? []), fn])
    }
    return objectOf(
      [...overloads.keys()].sort(byCodePoint).map((name) => {
        const variants = overloads
          .get(name)!
          .sort((a, b) => byCodePoint(a.signature, b.signature))
          .map((fn) => this.functionType(fn))
        return `${key(name)}: ${variants.length === 1 ? variants[0] : variants.map((v) => `| ${v}`).join('\n')}`
      }),
    )
  }

  enums(): string {
    return objectOf(
      this.schemaEnums().map(([name, labels]) => `${key(name)}: ${labels.map(key).join(' | ')}`),
    )
  }

  enumConstants(): string {
    return `{ ${this.schemaEnums()
      .map(([name, labels]) => `${key(name)}: [${labels.map(key).join(', ')}]`)
      .join(',\n')} }`
  }

  compositeTypes(): string {
    return objectOf(
      this.relations(['c']).map((type) => {
        const attributes = [...(this.columnsOf.get(type.oid) ?? [])].sort((a, b) => a.position - b.position)
        return `${key(type.name)}: { ${attributes.map((a) => `${key(a.name)}: ${this.tsType(a.type)} | null`).join('\n')} }`
      }),
    )
  }

  private relations(kinds: string[]): Relation[] {
    return this.catalog.relations
      .filter((relation) => kinds.includes(relation.kind))
      .sort((a, b) => byCodePoint(a.name, b.name))
  }

  private schemaEnums(): [string, string[]][] {
    return [...this.catalog.enumLabels.entries()]
      .map(([oid, labels]) => [this.catalog.types.get(oid), labels] as const)
      .filter(([type]) => type?.schema === this.catalog.schema)
      .map(([type, labels]): [string, string[]] => [type!.name, labels])
      .sort(([a], [b]) => byCodePoint(a, b))
  }

  private columns(relation: Relation): Column[] {
    return this.columnsOf.get(relation.oid) ?? []
  }

  private row(relation: Relation): string {
    return `{ ${this.columns(relation)
      .map((column) => `${key(column.name)}: ${this.tsType(column.type)}${column.nullable ? ' | null' : ''}`)
      .join('\n')} }`
  }

  /** Insert: a column with a default, an identity or nulls may be left out; Update: any may be. */
  private writable(table: Relation, write: 'insert' | 'update'): string {
    return `{ ${this.columns(table)
      .map((column) => {
        // Postgres refuses values for these: generated always as identity, or as an expression.
        if (column.identity === 'a' || column.generated !== '') return `${key(column.name)}?: never`
        const optional = write === 'update' || column.nullable || column.hasDefault || column.identity !== ''
        return `${key(column.name)}${optional ? '?' : ''}: ${this.tsType(column.type)}${column.nullable ? ' | null' : ''}`
      })
      .join('\n')} }`
  }

  private viewWritable(view: Relation): string {
    return `{ ${this.columns(view)
      .map((column) =>
        column.updatable
          ? `${key(column.name)}?: ${this.tsType(column.type)} | null`
          : `${key(column.name)}?: never`,
      )
      .join('\n')} }`
  }

  /** Foreign keys to relations of the same schema, the ones PostgREST can embed. */
  private relationships(table: Relation): string {
    const names = new Map(this.catalog.relations.map((relation) => [relation.oid, relation.name]))
    const relationships = this.catalog.foreignKeys
      .filter((fk) => fk.relation === table.oid && names.has(fk.referenced))
      .map((fk) => ({ ...fk, referencedName: names.get(fk.referenced)! }))
      .sort((a, b) => byCodePoint(a.name, b.name) || byCodePoint(a.referencedName, b.referencedName))
      .map(
        (fk) => `{
          foreignKeyName: ${key(fk.name)}
          columns: ${JSON.stringify(fk.columns)}
          isOneToOne: ${fk.oneToOne}
          referencedRelation: ${key(fk.referencedName)}
          referencedColumns: ${JSON.stringify(fk.referencedColumns)}
        }`,
      )
    return `[${relationships.join(',\n')}]`
  }

  private functionType(fn: PgFunction): string {
    const inputs = fn.arguments.filter(isInput)
    const firstDefault = inputs.length - fn.defaultCount
    const args =
      inputs.length === 0
        ? 'never'
        : `{ ${inputs
            .map((arg, index) => ({ arg, optional: index >= firstDefault }))
            .sort((a, b) => byCodePoint(a.arg.name, b.arg.name))
            .map(({ arg, optional }) => `${key(arg.name)}${optional ? '?' : ''}: ${this.tsType(arg.type)}`)
            .join('\n')} }`
    const setOf = fn.returnsSet ? '[]' : ''
    const returned = this.catalog.types.get(fn.returnType)
    const outputs = fn.arguments.filter((arg) => ['o', 'b', 't'].includes(arg.mode))

    // `returns table (…)` or out parameters: one object per row.
    if (returned?.name === 'record' && outputs.length > 0) {
      return `{ Args: ${args}\nReturns: { ${[...outputs]
        .sort((a, b) => byCodePoint(a.name, b.name))
        .map((arg) => `${key(arg.name)}: ${this.tsType(arg.type)}`)
        .join('\n')} }${setOf} }`
    }
    // A row type of this schema: supabase-js then knows the rows are that relation's (and can embed).
    if (returned?.kind === 'c' && returned.schema === this.catalog.schema && returned.relationName) {
      const relation = this.catalog.relations.find(
        (r) => r.name === returned.relationName && r.kind === returned.relationKind,
      )
      const shape = relation && relation.kind !== 'c' ? this.row(relation) : this.tsType(fn.returnType)
      return `{ Args: ${args}
        Returns: ${shape}${setOf}
        SetofOptions: {
          from: "*"
          to: ${key(returned.relationName)}
          isOneToOne: ${!fn.returnsSet}
          isSetofReturn: ${fn.returnsSet}
        }
      }`
    }
    return `{ Args: ${args}\nReturns: ${this.tsType(fn.returnType)}${setOf} }`
  }

  private tsType(oid: number): string {
    const type = this.catalog.types.get(oid)
    if (!type) return 'unknown'
    const { schema } = this.catalog
    if (type.category === 'A' && type.element !== 0) {
      const element = this.tsType(type.element)
      return element.includes('|') ? `(${element})[]` : `${element}[]`
    }
    if (type.kind === 'd') return this.tsType(type.base)
    if (type.kind === 'e') {
      if (type.schema === schema) return `Database[${key(schema)}]["Enums"][${key(type.name)}]`
      return (this.catalog.enumLabels.get(oid) ?? []).map(key).join(' | ') || 'never'
    }
    if (type.kind === 'c') {
      if (type.schema !== schema || !type.relationName) return 'unknown'
      if (type.relationKind === 'c') return `Database[${key(schema)}]["CompositeTypes"][${key(type.name)}]`
      const group = TABLE_KINDS.includes(type.relationKind ?? '') ? 'Tables' : 'Views'
      return `Database[${key(schema)}][${key(group)}][${key(type.relationName)}]["Row"]`
    }
    if (type.name === 'bool') return 'boolean'
    if (NUMBER_TYPES.includes(type.name)) return 'number'
    if (STRING_TYPES.includes(type.name)) return 'string'
    if (type.name === 'json' || type.name === 'jsonb') return 'Json'
    if (type.name === 'void') return 'undefined'
    if (type.name === 'record') return 'Record<string, unknown>'
    return 'unknown'
  }
}

function isInput(arg: FunctionArgument): boolean {
  return ['i', 'b', 'v'].includes(arg.mode)
}

/** PostgREST passes arguments by name: every input needs one, unless there is a single input. */
function callableByName(fn: PgFunction): boolean {
  const inputs = fn.arguments.filter(isInput)
  return inputs.length === 1 || inputs.every((arg) => arg.name !== '')
}

/** Shorthands for the default schema, used as Tables<'bookings'>, TablesInsert<'cabins'>, Enums<…>. */
function helpers(schema: string): string {
  const s = `Database[${key(schema)}]`
  return `type TablesAndViews = ${s}["Tables"] & ${s}["Views"]

export type Tables<Name extends keyof TablesAndViews> = TablesAndViews[Name]["Row"]
export type TablesInsert<Name extends keyof ${s}["Tables"]> = ${s}["Tables"][Name]["Insert"]
export type TablesUpdate<Name extends keyof ${s}["Tables"]> = ${s}["Tables"][Name]["Update"]
export type Enums<Name extends keyof ${s}["Enums"]> = ${s}["Enums"][Name]
export type CompositeTypes<Name extends keyof ${s}["CompositeTypes"]> = ${s}["CompositeTypes"][Name]`
}
