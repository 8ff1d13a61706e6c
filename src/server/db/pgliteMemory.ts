import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** shared_buffers bounds, MB: PostgreSQL's default is the upper one. */
export const MIN_SHARED_BUFFERS_MB = 16
export const MAX_SHARED_BUFFERS_MB = 128

/**
 * PGlite's shared_buffers for the cluster in `pgdata`, sized to its data at each start: half of the
 * files under base/ (every database, templates included), between 16 and 128 MB. The buffers cost
 * PGlite about their size in memory for good, so the demo business (a few MB of data) gets 16 MB,
 * while a large property keeps PostgreSQL's 128 MB default: its reads past the buffers go to the OS
 * page cache, one system call per 8 kB page, which costs its busiest lists and the dashboard.
 * A new cluster (no base/ yet) starts at the minimum.
 */
export function sharedBuffersMbFor(pgdata: string): number {
  const halfMb = Math.ceil(filesBytes(join(pgdata, 'base')) / 2 / 2 ** 20)
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, halfMb))
}

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
