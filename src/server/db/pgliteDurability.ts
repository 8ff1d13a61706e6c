import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** Makes a file's written bytes durable (fsync); injectable so tests can see when it runs. */
export type SyncFile = (fd: number) => void

export const fsyncFile: SyncFile = (fd) => fsyncSync(fd)

/** A server option (on, off, or a sync of its own for tests) as the sync openPglite takes. */
export function syncFileFor(durable: boolean | SyncFile | undefined): SyncFile | undefined {
  if (typeof durable === 'function') return durable
  return durable ? fsyncFile : undefined
}

/**
 * PGlite's start parameters with PostgreSQL's own fsync on: without PGlite's `-F`, and with the WAL
 * synced by fsync(), the one sync call of PGlite's WebAssembly that reaches its file layer
 * (fdatasync, the default method, is a no-op there). PostgreSQL then syncs what it would on a
 * server: the WAL up to a commit before the commit returns (only for transactions that wrote), and
 * the data files, then pg_control, in a checkpoint.
 */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync']
}

interface NodeFsStream {
  nfd: number
}

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number }
  tryFSOperation<T>(operation: () => T): T
}

/**
 * PGlite's Node file layer (Emscripten's NODEFS) writes real files but has no fsync: PostgreSQL's
 * calls end there. This gives it one that syncs the real file, so they reach the disk. Each PGlite
 * instance has its own NODEFS.
 */
export function passSyncsToDisk(pg: PGlite, syncFile: SyncFile): void {
  const nodefs = (pg.Module as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS
  nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => (syncFile(stream.nfd), 0))
}

/**
 * Syncs every file and folder under dir. At open, before the first query: what initdb, a template,
 * a restore or a crash recovery wrote before passSyncsToDisk was in place reaches the disk too.
 */
export function syncTree(dir: string, syncFile: SyncFile): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) syncTree(path, syncFile)
    else if (entry.isFile()) syncPath(path, syncFile)
  }
  // Windows cannot open a folder to sync it; NTFS journals its entries.
  if (process.platform !== 'win32') syncPath(dir, syncFile)
}

function syncPath(path: string, syncFile: SyncFile): void {
  const fd = openSync(path, 'r')
  try {
    syncFile(fd)
  } finally {
    closeSync(fd)
  }
}
