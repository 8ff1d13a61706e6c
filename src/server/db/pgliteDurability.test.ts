import { mkdtempSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPglite, type PgliteDatabase } from './pglite'

/** What PostgreSQL syncs once its syncs reach the disk (Linux names the file behind each descriptor). */
describe.runIf(process.platform === 'linux')('durable PGlite', () => {
  const synced: string[] = []
  let dir: string
  let db: PgliteDatabase | undefined

  afterEach(async () => {
    await db?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function openRecording(): Promise<PgliteDatabase> {
    dir = mkdtempSync(join(tmpdir(), 'innkeeper-durable-'))
    db = await openPglite({
      dataDir: join(dir, 'pglite'),
      syncFile: (fd) => synced.push(readlinkSync(`/proc/self/fd/${fd}`).slice(dir.length)),
    })
    return db
  }

  it('syncs the whole cluster at open, the WAL at a commit that wrote, data files then pg_control at a checkpoint', async () => {
    const database = await openRecording()
    expect(synced).toContain('/pglite/global/pg_control')
    expect(synced.filter((file) => file.startsWith('/pglite/base/')).length).toBeGreaterThan(100)

    await database.exec('create table t (id int primary key)')
    synced.length = 0
    await database.transaction(async (tx) => {
      await tx.query('insert into t values ($1)', [1])
    })
    expect(synced).toEqual([expect.stringMatching(/^\/pglite\/pg_wal\/[0-9A-F]{24}$/)])

    synced.length = 0
    await database.query('select * from t')
    await database.transaction((tx) => tx.query('select count(*) from t'))
    expect(synced).toEqual([])

    await database.query('insert into t values ($1)', [2])
    synced.length = 0
    await database.exec('checkpoint')
    const table = (await database.query<{ path: string }>("select pg_relation_filepath('t') as path")).rows[0]
      .path
    expect(synced).toContain(`/pglite/${table}`)
    expect(synced.at(-1)).toBe('/pglite/global/pg_control')
  })
})
