import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * By default backups live inside the data folder; the admin may choose another folder (another disk,
 * which outlives this one). One folder each, named by when they were made (UTC).
 */
export const BACKUPS_DIR = 'backups'

/** Written while a backup is being made; renamed to its real name only once complete. */
export const PARTIAL_SUFFIX = '.partial'

const NAME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d+)?$/

/** 2026-06-15T03:04:05.678Z → '2026-06-15T03-04-05-678Z': sorts by time and is a valid file name everywhere. */
export function backupName(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-')
}

export function isBackupName(name: string): boolean {
  return NAME_PATTERN.test(name)
}

/** The backups folder: the chosen one, or the data folder's own. */
export function backupsDir(dataDir: string, chosen?: string): string {
  return chosen ?? join(dataDir, BACKUPS_DIR)
}

/** Complete backups in a backups folder, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return entries
    .filter((entry) => entry.isDirectory() && isBackupName(entry.name))
    .map((entry) => entry.name)
    .sort(compareNames)
}

/** Names of one millisecond get a counter ('…Z-2'), which must sort after the plain name and by number. */
function compareNames(a: string, b: string): number {
  const parse = (name: string) => {
    const [time, counter] = name.split('Z')
    return { time, counter: Number(counter.slice(1)) || 1 }
  }
  const [first, second] = [parse(a), parse(b)]
  if (first.time !== second.time) return first.time < second.time ? -1 : 1
  return first.counter - second.counter
}

/** A name not yet taken in the backups folder, complete or partial. */
export async function freshBackupName(dir: string, ms: number): Promise<string> {
  const base = backupName(ms)
  for (let counter = 1; ; counter++) {
    const name = counter === 1 ? base : `${base}-${counter}`
    const taken = await Promise.all(
      [name, name + PARTIAL_SUFFIX].map((candidate) =>
        stat(join(dir, candidate)).then(
          () => true,
          () => false,
        ),
      ),
    )
    if (!taken.includes(true)) return name
  }
}
