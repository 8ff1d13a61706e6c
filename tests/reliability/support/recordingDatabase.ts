import type { Database, Queryable } from '../../../src/server/db/types'

/**
 * The server's database with every SQL text shown to `record` before it runs (parameters are not:
 * they are what is supposed to carry client input). Everything else, PGlite's dump included, passes
 * through untouched.
 */
export function recordingDatabase(db: Database, record: (sql: string) => void): Database {
  const wrap = (target: Queryable): Queryable => ({
    query: <Row>(sql: string, params?: unknown[]) => {
      record(sql)
      return target.query<Row>(sql, params)
    },
    exec: (sql: string) => {
      record(sql)
      return target.exec(sql)
    },
  })
  return Object.assign(Object.create(db) as Database, {
    ...wrap(db),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction((tx) => fn(wrap(tx))),
  })
}
