import { PGlite, types } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { PgliteSession } from './pgliteSession'
import type { Database } from './types'
import { rowParsers } from './values'

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite'
  /** A consistent copy of the whole cluster as an uncompressed tarball (for backups and test templates). */
  dumpDataDir(): Promise<Blob>
}

export interface OpenPgliteOptions {
  /** Where PGlite keeps its files; in memory when omitted. */
  dataDir?: string
  /** Start from this tarball (made by dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob
}

/**
 * PGlite in this process. PGlite has one connection: inside transaction(fn), use only the tx handed
 * to fn — a query on the database itself would wait for the transaction to end, forever.
 */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<PgliteDatabase> {
  const pg = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pgcrypto, btree_gist },
    parsers: {
      [types.DATE]: rowParsers.date,
      [types.NUMERIC]: rowParsers.numeric,
      [types.INT8]: rowParsers.int8,
    },
  })
  await pg.waitReady
  // JSON timestamps then read +00:00, as Supabase's do.
  await pg.exec("set time zone 'UTC'")
  const session = new PgliteSession(pg)
  return {
    kind: 'pglite',
    query: (sql, params) => session.query(sql, params),
    exec: (sql) => session.exec(sql),
    transaction: (fn) => session.transaction(fn),
    dumpDataDir: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  }
}
