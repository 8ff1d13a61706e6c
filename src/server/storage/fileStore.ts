import { createHash } from 'node:crypto'
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'

const SAFE_BUCKET_DIR = /^[A-Za-z0-9_-]{1,63}$/
const VERSION_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Object bytes on disk: <dataDir>/storage/<bucket>/<version uuid>. No part of a path comes from an
 * object's name, and a bucket id that is not a plain word is replaced by its hash, so nothing a
 * client sends can point outside the folder.
 */
export class FileStore {
  readonly root: string
  /** Open holdRemovals() calls, and the files whose removal waits for the last release. */
  private holds = 0
  private deferred: string[] = []

  constructor(dataDir: string) {
    this.root = join(dataDir, 'storage')
  }

  pathOf(bucketId: string, version: string): string {
    if (!VERSION_PATTERN.test(version)) throw new Error('object version is not a uuid')
    const bucketDir = SAFE_BUCKET_DIR.test(bucketId)
      ? bucketId
      : `bucket-${createHash('sha256').update(bucketId).digest('hex').slice(0, 32)}`
    return join(this.root, bucketDir, version)
  }

  /** Written to a temporary name, flushed, then renamed, so a crash never leaves half a file under the real name. */
  async write(bucketId: string, version: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(bucketId, version)
    await mkdir(join(target, '..'), { recursive: true })
    const temporary = `${target}.partial`
    const handle = await open(temporary, 'w', 0o600)
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, target)
  }

  async read(bucketId: string, version: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(bucketId, version))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async remove(bucketId: string, version: string | null | undefined): Promise<void> {
    if (!version || !VERSION_PATTERN.test(version)) return
    const path = this.pathOf(bucketId, version)
    if (this.holds > 0) this.deferred.push(path)
    else await rm(path, { force: true })
  }

  /**
   * While a backup copies the folder, bytes are only ever added: a row in the database snapshot whose
   * object was replaced or deleted right after must still find its file. Removals wait for release.
   */
  holdRemovals(): () => Promise<void> {
    this.holds++
    let released = false
    return async () => {
      if (released) return
      released = true
      if (--this.holds > 0) return
      const paths = this.deferred
      this.deferred = []
      await Promise.all(paths.map((path) => rm(path, { force: true }).catch(() => {})))
    }
  }
}
