import { cpSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openPglite, type PgliteDatabase } from './pglite'

/** What PostgreSQL syncs once its syncs reach the disk (Linux names the file behind each descriptor). */
describe.runIf(process.platform === 'linux')('durable PGlite', () => {
  const synced: string[] = []
  let dir: string
  let db: PgliteDatabase | undefined

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'innkeeper-durable-'))
    synced.length = 0
  })

  afterEach(async () => {
    await db?.close()
    db = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  async function openRecording(cluster = 'pglite'): Promise<PgliteDatabase> {
    db = await openPglite({
      dataDir: join(dir, cluster),
      syncFile: (fd) => synced.push(readlinkSync(`/proc/self/fd/${fd}`).slice(dir.length)),
    })
    return db
  }

  const dataFiles = () => synced.filter((file) => /^\/[^/]+\/base\//.test(file))

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

  it('opens a cluster closed cleanly without syncing its files again: PostgreSQL synced them', async () => {
    const database = await openRecording()
    await database.query('create table t (id int primary key)')
    await database.close()
    synced.length = 0
    const reopened = await openRecording()
    expect(dataFiles()).toEqual([])
    synced.length = 0
    await reopened.query('insert into t values ($1)', [1])
    expect(synced).toEqual([expect.stringMatching(/^\/pglite\/pg_wal\/[0-9A-F]{24}$/)])
  })

  it('syncs the whole cluster before recovery when the last session did not close (a crash)', async () => {
    const database = await openRecording()
    await database.query('create table t (id int primary key)')
    await database.query('insert into t values ($1)', [1])
    // A copy of a cluster in use is what a crash leaves: PostgreSQL finds it was not shut down.
    cpSync(join(dir, 'pglite'), join(dir, 'crashed'), { recursive: true })
    synced.length = 0
    const recovered = await openRecording('crashed')
    expect(dataFiles().length).toBeGreaterThan(100)
    expect((await recovered.query('select id from t')).rows).toEqual([{ id: 1 }])
    await database.close()
  })
})
