import type { Queryable } from '../../src/server/db/types'

/** What the type generator needs to know about one schema, read from pg_catalog. */
export interface SchemaCatalog {
  schema: string
  relations: Relation[]
  columns: Column[]
  types: Map<number, PgType>
  enumLabels: Map<number, string[]>
  foreignKeys: ForeignKey[]
  functions: PgFunction[]
}

export interface Relation {
  oid: number
  name: string
  /** pg_class.relkind: r, p, f (tables), v, m (views), c (composite types). */
  kind: string
  /** A view that accepts inserts, updates and deletes (PostgREST writes through it). */
  updatable: boolean
}

export interface Column {
  relation: number
  name: string
  position: number
  type: number
  nullable: boolean
  hasDefault: boolean
  /** pg_attribute.attidentity: '' none, 'a' always, 'd' by default. */
  identity: string
  /** pg_attribute.attgenerated: '' none, 's' stored. */
  generated: string
  /** A view column that can be written through the view. */
  updatable: boolean
}

export interface PgType {
  oid: number
  name: string
  schema: string
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  kind: string
  category: string
  element: number
  base: number
  /** For a composite type: its relation's name and kind (c for a free-standing composite type). */
  relationName: string | null
  relationKind: string | null
}

export interface ForeignKey {
  name: string
  relation: number
  referenced: number
  columns: string[]
  referencedColumns: string[]
  /** The referencing columns are unique (a primary key or unique index covers exactly them). */
  oneToOne: boolean
}

export interface FunctionArgument {
  name: string
  /** proargmodes: i in, o out, b inout, v variadic, t table column. */
  mode: string
  type: number
}

export interface PgFunction {
  name: string
  /** The identity arguments as text, to order overloads the same way every time. */
  signature: string
  returnsSet: boolean
  returnType: number
  arguments: FunctionArgument[]
  defaultCount: number
}

export async function readSchemaCatalog(db: Queryable, schema = 'public'): Promise<SchemaCatalog> {
  const params = [schema]
  const { rows: relations } = await db.query<Relation>(
    `select c.oid::int8 as oid, c.relname as name, c.relkind::text as kind,
            c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 28) = 28 as updatable
       from pg_class c
      where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')`,
    params,
  )
  const { rows: columns } = await db.query<Column>(
    `select a.attrelid::int8 as relation, a.attname as name, a.attnum::int4 as position,
            a.atttypid::int8 as type, not a.attnotnull as nullable, a.atthasdef as "hasDefault",
            a.attidentity::text as identity, a.attgenerated::text as generated,
            c.relkind = 'v' and pg_column_is_updatable(c.oid, a.attnum, false) as updatable
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
      where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')
        and a.attnum > 0 and not a.attisdropped`,
    params,
  )
  // Every type of the database: columns and arguments may use types of any schema.
  const { rows: types } = await db.query<PgType>(
    `select t.oid::int8 as oid, t.typname as name, n.nspname as schema, t.typtype::text as kind,
            t.typcategory::text as category, t.typelem::int8 as element, t.typbasetype::int8 as base,
            r.relname as "relationName", r.relkind::text as "relationKind"
       from pg_type t
       join pg_namespace n on n.oid = t.typnamespace
       left join pg_class r on r.oid = t.typrelid`,
  )
  const { rows: enumLabels } = await db.query<{ type: number; label: string }>(
    `select enumtypid::int8 as type, enumlabel as label from pg_enum order by enumtypid, enumsortorder`,
  )
  const { rows: foreignKeys } = await db.query<ForeignKey>(
    `select con.conname as name, con.conrelid::int8 as relation, con.confrelid::int8 as referenced,
            (select json_agg(a.attname order by k.position)
               from unnest(con.conkey) with ordinality as k(attnum, position)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
            (select json_agg(a.attname order by k.position)
               from unnest(con.confkey) with ordinality as k(attnum, position)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as "referencedColumns",
            exists (
              select 1 from pg_index i
               where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
                 and (select array_agg(k order by k) from unnest(i.indkey::int2[]) as k)
                   = (select array_agg(k order by k) from unnest(con.conkey) as k)
            ) as "oneToOne"
       from pg_constraint con
      where con.contype = 'f' and con.connamespace = $1::regnamespace`,
    params,
  )
  // Functions PostgREST can call: plain functions, not members of an extension, not trigger functions.
  const { rows: functions } = await db.query<PgFunction>(
    `select p.proname as name, pg_get_function_identity_arguments(p.oid) as signature,
            p.proretset as "returnsSet", p.prorettype::int8 as "returnType",
            p.pronargdefaults::int4 as "defaultCount",
            coalesce((
              select json_agg(json_build_object('name', coalesce(a.name, ''), 'mode', coalesce(a.mode::text, 'i'),
                                                'type', a.type::int8) order by a.position)
                from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames)
                       with ordinality as a(type, mode, name, position)
               where a.type is not null
            ), '[]') as arguments
       from pg_proc p
      where p.pronamespace = $1::regnamespace and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    params,
  )
  return {
    schema,
    relations,
    columns,
    types: new Map(types.map((type) => [type.oid, type])),
    enumLabels: groupLabels(enumLabels),
    foreignKeys,
    functions,
  }
}

function groupLabels(rows: { type: number; label: string }[]): Map<number, string[]> {
  const labels = new Map<number, string[]>()
  for (const { type, label } of rows) labels.set(type, [...(labels.get(type) ?? []), label])
  return labels
}
