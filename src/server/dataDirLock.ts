import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const LOCK_FILE = 'server.lock'

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is in use by process ${pid}; stop it first`)
    this.name = 'DataDirInUseError'
  }
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

/**
 * One process per data folder: PGlite files opened by two processes get corrupted, and two servers
 * would hand out different sessions for one database. A lock left by a killed process is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      return async () => {
        await rm(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim())
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new DataDirInUseError(dataDir, owner)
    }
    await rm(file, { force: true })
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
