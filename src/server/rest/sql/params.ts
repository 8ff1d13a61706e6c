/**
 * Collects bind values while SQL text is generated, handing out `$n` placeholders. Values are sent
 * as untyped text, so Postgres casts them to the column's type exactly as PostgREST's unknown-typed
 * literals are cast (`id=eq.3` on bigint, a date string on a date column).
 */
export class Params {
  readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return '$' + this.values.length
  }
}
