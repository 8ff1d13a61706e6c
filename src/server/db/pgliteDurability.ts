import { fsyncSync, readdirSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

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

type PostgresMod = Parameters<NodeFS['init']>[1]

interface NodeFsStream {
  nfd: number
}

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number }
  tryFSOperation<T>(operation: () => T): T
}

/**
 * PGlite's Node file layer (Emscripten's NODEFS) writes real files but has no fsync: PostgreSQL's
 * calls end there. This file layer has one that syncs the real file, in place before PostgreSQL
 * starts (Emscripten's preRun), so every sync PostgreSQL makes reaches the disk, its start included:
 * after a crash, PostgreSQL syncs the whole data folder itself before recovery (SyncDataDirectory),
 * and the end of recovery's checkpoint syncs what recovery wrote. Each PGlite instance has its own
 * NODEFS.
 */
export class SyncedNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly syncFile: SyncFile,
  ) {
    super(dataDir)
  }

  override async init(pg: PGlite, opts: PostgresMod) {
    const { emscriptenOpts } = await super.init(pg, opts)
    const passSyncsToDisk = (mod: unknown) => {
      const nodefs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS
      nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => (this.syncFile(stream.nfd), 0))
    }
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), passSyncsToDisk] },
    }
  }
}

/**
 * Syncs every file and folder under dir: a cluster written outside PostgreSQL (initdb's copy, a
 * template or a restore unpacked), whose files nothing synced. Many at once: the real fsync runs on
 * libuv's thread pool, and syncs that wait together are committed together by the file system (a
 * new cluster's ~1 100 files: about 0.15 s instead of 3-4 s one after another, on a loaded machine).
 */
export async function syncTree(dir: string, syncFile: SyncFile): Promise<void> {
  const paths: string[] = []
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.isFile()) paths.push(path)
    }
    // Windows cannot open a folder to sync it; NTFS journals its entries.
    if (process.platform !== 'win32') paths.push(folder)
  }
  visit(dir)
  let next = 0
  const syncing = async () => {
    while (next < paths.length) await syncPath(paths[next++], syncFile)
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SYNCS, paths.length) }, syncing))
}

/** Enough to keep the thread pool and the disk busy, few enough open files for any OS's limit. */
const CONCURRENT_SYNCS = 32

async function syncPath(path: string, syncFile: SyncFile): Promise<void> {
  const file = await open(path, 'r')
  try {
    // A test's recording sync runs here, in order of completion.
    if (syncFile === fsyncFile) await file.sync()
    else syncFile(file.fd)
  } finally {
    await file.close()
  }
}
