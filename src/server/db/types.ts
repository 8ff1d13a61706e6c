/** The one database surface the embedded backend uses, whether PGlite or a PostgreSQL server. */
export interface QueryResult<Row = Record<string, unknown>> {
  /** Both adapters convert values alike (values.ts): date → 'YYYY-MM-DD', numeric and int8 → number. */
  rows: Row[]
  /** Rows changed by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows?: number
}

export interface Queryable {
  /** One statement, parameters bound as $1, $2, … (never interpolated). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  /** A script of several statements, no parameters (migrations, seed). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * LISTEN on a channel (a lower-case identifier): onNotify gets each NOTIFY payload after its
   * transaction committed, in commit order. Resolves once listening, with the function that stops.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** A LISTEN channel name, checked: it is written into SQL as an identifier. */
export function listenChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
  return channel
}
