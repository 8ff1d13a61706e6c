import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** shared_buffers bounds, MB: PostgreSQL's default is the upper one. */
export const MIN_SHARED_BUFFERS_MB = 8
export const MAX_SHARED_BUFFERS_MB = 128

/**
 * PGlite's shared_buffers for the cluster in `pgdata`, sized to its data at each start: half of the
 * files of the app's database, between 8 and 128 MB. PGlite touches the whole of its shared memory
 * when it starts (its mmap is a zeroed malloc) and keeps it for good, so the demo business (10 MB of
 * files, most of them the catalog) gets 8 MB, while a large property keeps PostgreSQL's 128 MB
 * default: its reads past the buffers go to the OS page cache, one system call per 8 kB page, which
 * costs its busiest lists and the dashboard. A new cluster (no base/ yet) starts at the minimum.
 */
export function sharedBuffersMbFor(pgdata: string): number {
  const halfMb = Math.ceil(filesBytes(join(pgdata, 'base', APP_DATABASE_OID)) / 2 / 2 ** 20)
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, halfMb))
}

/**
 * The folder under base/ of the database PGlite opens, `postgres`, whose OID initdb fixes (since
 * PostgreSQL 15). The two templates beside it (7 MB each, never read) are a copy of what it started
 * from, so it is also the largest. Only its ~350 files' sizes are read, instead of all ~1 000
 * (the demo: 36 → 22 ms of CPU at every start, on a loaded 2-core machine).
 */
const APP_DATABASE_OID = '5'

function filesBytes(dir: string): number {
  let bytes = 0
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) bytes += filesBytes(path)
    else if (entry.isFile()) bytes += statSync(path, { throwIfNoEntry: false })?.size ?? 0
  }
  return bytes
}
