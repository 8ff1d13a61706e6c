/**
 * The only way names reach SQL text. Values never do: they go through `Params`.
 * A name is double-quoted with embedded quotes doubled, so `maxCapacity` keeps its case and
 * `a"; drop table x; --` stays one (nonexistent) identifier.
 */
export function quoteIdent(name: string): string {
  // NUL cannot appear in a Postgres identifier and would end the C string early; the query parser
  // refuses it before this point, this is the last line of defence.
  if (name.includes('\0')) throw new Error('identifier contains NUL')
  // Most names hold no quote; skipping replaceAll for them is measurable, as every column passes here.
  return '"' + (name.includes('"') ? name.replaceAll('"', '""') : name) + '"'
}

/** `"public"."bookings"` */
export function qualified(schema: string, name: string): string {
  return quoteIdent(schema) + '.' + quoteIdent(name)
}

/** An exposed table as FROM and INSERT/UPDATE/DELETE name it: `"public"."cabins"`. */
export const qualifiedTable = (table: { name: string }) => qualified('public', table.name)
