import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const LOCK_FILE = 'server.lock'

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is in use by process ${pid}; stop it first`)
    this.name = 'DataDirInUseError'
  }
}

export interface LockOptions {
  /**
   * This process is the desktop app's backend. Its parent holds the app's single-instance lock and
   * runs one backend at a time, so a lock another desktop backend left (after a Windows shutdown, a
   * crash, a kill) is stale whatever its PID says: after a restart that PID may well belong to
   * someone else now. Default false.
   */
  desktop?: boolean
}

/**
 * What server.lock holds. Before the desktop flag it held the bare PID; such a lock is left by a
 * version before this one, so it is never held now by a running backend of this version. In the
 * desktop app's folder it was almost surely the earlier desktop app's own: the desktop backend treats
 * it as a desktop lock, anything else as a plain one.
 */
interface LockOwner {
  pid: number
  desktop: boolean
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function parseOwner(text: string, legacyIsDesktop: boolean): LockOwner | undefined {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), desktop: legacyIsDesktop }
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockOwner>
    if (Number.isInteger(parsed.pid) && (parsed.pid ?? 0) > 0)
      return { pid: parsed.pid!, desktop: parsed.desktop === true }
  } catch {
    // Unreadable: half-written by a process that died, so nobody holds it.
  }
  return undefined
}

/**
 * One process per data folder: PGlite files opened by two processes get corrupted, and two servers
 * would hand out different sessions for one database. A lock left by a process that is gone is taken
 * over; so is one left by an earlier desktop backend when this is the desktop backend (see LockOptions).
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE)
  const self: LockOwner = { pid: process.pid, desktop: options.desktop === true }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, JSON.stringify(self), { flag: 'wx', mode: 0o600 })
      return async () => {
        await rm(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = parseOwner(await readFile(file, 'utf8').catch(() => ''), self.desktop)
    const stale = !owner || (self.desktop && owner.desktop) || !isRunning(owner.pid)
    if (!stale) throw new DataDirInUseError(dataDir, owner.pid)
    await rm(file, { force: true })
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
