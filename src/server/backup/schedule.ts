import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { backupsDir, listBackups, PARTIAL_SUFFIX } from './names'
import { createBackup, type Backup, type BackupSource } from './snapshot'

export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000
export const BACKUPS_KEPT = 7

/** Calls run once after delayMs; returns a cancel function. */
export type Scheduler = (run: () => void, delayMs: number) => () => void

export interface BackupOptions {
  /** The folder backups go to (default <dataDir>/backups): another disk survives this one. */
  dir?: string
  intervalMs?: number
  keep?: number
  /** Injectable for tests; the default timer is unref'd so it never keeps the process alive. */
  scheduler?: Scheduler
  /** Told about every attempt: the backup, or undefined when it failed (and was logged). */
  onBackup?: (backup: Backup | undefined) => void
}

export interface BackupSchedule {
  /** A backup now, after any that is running; undefined when it failed (the failure is logged). */
  runNow(): Promise<Backup | undefined>
  /** No further backups; resolves once a running one has finished. */
  stop(): Promise<void>
}

const unrefTimer: Scheduler = (run, delayMs) => {
  const timer = setTimeout(run, delayMs)
  timer.unref()
  return () => clearTimeout(timer)
}

/**
 * A backup now (in the background: start-up does not wait for it) and then every intervalMs, keeping
 * the newest `keep`. Backups never overlap. A failed backup is logged and the schedule goes on.
 */
export function startBackups(source: BackupSource, options: BackupOptions = {}): BackupSchedule {
  const intervalMs = options.intervalMs ?? BACKUP_INTERVAL_MS
  const keep = options.keep ?? BACKUPS_KEPT
  const dir = backupsDir(source.dataDir, options.dir)
  const scheduler = options.scheduler ?? unrefTimer
  let stopped = false
  let cancel = () => {}
  let queue: Promise<unknown> = Promise.resolve()

  const runNow = () => {
    const job = queue.then(async () => {
      if (stopped) return undefined
      let backup: Backup | undefined
      try {
        backup = await createBackup(source, dir)
        await pruneBackups(dir, keep)
        source.logger.info('backup made', { backup: backup.name, database: backup.manifest.database })
      } catch (error) {
        source.logger.error('backup failed', error)
      }
      options.onBackup?.(backup)
      return backup
    })
    queue = job
    return job
  }
  const tick = () => {
    if (stopped) return
    cancel = scheduler(tick, intervalMs)
    void runNow()
  }

  tick()
  return {
    runNow,
    async stop() {
      stopped = true
      cancel()
      await queue
    },
  }
}

/** Removes all but the newest `keep` backups, and '.partial' folders a killed process left behind. */
export async function pruneBackups(root: string, keep: number): Promise<void> {
  const complete = await listBackups(root)
  const stale = complete.slice(0, Math.max(0, complete.length - keep))
  const partial = (await readdir(root).catch(() => [] as string[])).filter((name) =>
    name.endsWith(PARTIAL_SUFFIX),
  )
  await Promise.all(
    [...stale, ...partial].map((name) => rm(join(root, name), { recursive: true, force: true })),
  )
}
