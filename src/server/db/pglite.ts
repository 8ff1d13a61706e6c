import { PGlite, types } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { durableStartParams, SyncedNodeFS, syncTree, type SyncFile } from './pgliteDurability'
import { pgliteWasmModule } from './pgliteWasm'
import { PgliteSession } from './pgliteSession'
import { listenChannel, type Database } from './types'
import { rowParsers } from './values'

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite'
  /** A consistent copy of the whole cluster as a tarball (for backups and cluster templates). */
  dumpDataDir(compression?: 'none' | 'gzip'): Promise<Blob>
}

export interface OpenPgliteOptions {
  /** Where PGlite keeps its files; in memory when omitted. */
  dataDir?: string
  /** Start from this tarball (made by dumpDataDir, plain or gzipped) instead of running initdb. */
  loadDataDir?: Blob
  /**
   * Load pgcrypto (default true). Only creating the schema needs it (bootstrap.sql's create extension
   * checks its files); the app calls none of its functions. Left out on a database that already has
   * it, PGlite does not compile and start OpenSSL: about 35 MB less memory. Its functions then fail
   * with "could not access file $libdir/pgcrypto".
   */
  pgcrypto?: boolean
  /** PostgreSQL's shared_buffers in MB (default 8; see pgliteMemory.ts). */
  sharedBuffersMb?: number
  /**
   * Durable commits (with dataDir): PostgreSQL's fsync is on and its syncs reach the disk through
   * this (fsyncFile), so a commit returns only once its WAL is on disk; a new cluster's files are
   * synced once, at open. Off when omitted: PGlite's default, where a power cut can lose the last
   * commits.
   */
  syncFile?: SyncFile
}

/** One connection, no replication senders, the one autovacuum slot PostgreSQL requires. */
const SINGLE_USER_SLOTS = [
  '-c',
  'max_connections=1',
  '-c',
  'max_wal_senders=0',
  '-c',
  'autovacuum_worker_slots=1',
]

/**
 * PGlite in this process. PGlite has one connection: inside transaction(fn), use only the tx handed
 * to fn — a query on the database itself would wait for the transaction to end, forever.
 */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<PgliteDatabase> {
  const { dataDir, syncFile } = options
  const durable = syncFile !== undefined && dataDir !== undefined
  // initdb's cluster and a tarball are unpacked outside PostgreSQL, which syncs none of their files.
  const unpacked = options.loadDataDir !== undefined || (dataDir !== undefined && !hasCluster(dataDir))
  const pg = new PGlite({
    ...(syncFile && dataDir ? { fs: new SyncedNodeFS(dataDir, syncFile) } : { dataDir }),
    pgliteWasmModule: await pgliteWasmModule(),
    loadDataDir: options.loadDataDir,
    extensions: options.pgcrypto === false ? { btree_gist, pg_trgm } : { pgcrypto, btree_gist, pg_trgm },
    // PGlite's own parameters (single-user mode…) must stay; durable drops only its fsync off.
    // shared_buffers costs about its size in PGlite's memory, which never shrinks; PostgreSQL's
    // default is 128 MB. So do the slots for other processes, which a single-user PostgreSQL never
    // starts (shared memory 15 → 11 MB at shared_buffers 8 MB; see SINGLE_USER_SLOTS).
    startParams: [
      ...(durable ? durableStartParams() : PGlite.defaultStartParams),
      '-c',
      `shared_buffers=${options.sharedBuffersMb ?? 8}MB`,
      ...SINGLE_USER_SLOTS,
      // JSON timestamps then read +00:00, as Supabase's do.
      '-c',
      'TimeZone=UTC',
    ],
    parsers: {
      [types.DATE]: rowParsers.date,
      [types.NUMERIC]: rowParsers.numeric,
      [types.INT8]: rowParsers.int8,
    },
  })
  await pg.waitReady
  if (syncFile && dataDir && unpacked) await syncTree(dataDir, syncFile)
  const session = new PgliteSession(pg)
  return {
    kind: 'pglite',
    query: (sql, params) => session.query(sql, params),
    exec: (sql) => session.exec(sql),
    transaction: (fn) => session.transaction(fn),
    async listen(channel, onNotify) {
      const name = listenChannel(channel)
      // Through the session, so that LISTEN never runs inside another request's transaction.
      const stop = pg.onNotification((from, payload) => from === name && onNotify(payload))
      await session.exec(`listen ${name}`)
      return async () => {
        stop()
        await session.exec(`unlisten ${name}`)
      }
    },
    dumpDataDir: (compression = 'none') => pg.dumpDataDir(compression),
    close: () => pg.close(),
  }
}

/** PGlite's own test: without PG_VERSION it runs initdb. */
function hasCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'))
}
