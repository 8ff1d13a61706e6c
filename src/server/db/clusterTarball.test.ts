import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { packCluster, unpackCluster } from './clusterTarball'

describe('cluster tarball', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'innkeeper-tarball-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  function folder(): string {
    const source = join(dir, 'source')
    mkdirSync(join(source, 'base', '5'), { recursive: true })
    mkdirSync(join(source, 'pg_tblspc'))
    writeFileSync(join(source, 'PG_VERSION'), '17\n')
    writeFileSync(join(source, 'base', '5', '1259'), Buffer.alloc(8192 + 7, 3))
    writeFileSync(join(source, 'base', '5', 'empty'), '')
    return source
  }

  it('unpacks what it packed, files and empty folders, as the tar tool reads it', async () => {
    const tarball = await packCluster(folder())
    writeFileSync(join(dir, 'cluster.tar.gz'), tarball)
    await unpackCluster(join(dir, 'cluster.tar.gz'), join(dir, 'copy'))
    expect(readFileSync(join(dir, 'copy', 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(readFileSync(join(dir, 'copy', 'base', '5', '1259'))).toEqual(Buffer.alloc(8192 + 7, 3))
    expect(statSync(join(dir, 'copy', 'base', '5', 'empty')).size).toBe(0)
    expect(statSync(join(dir, 'copy', 'pg_tblspc')).isDirectory()).toBe(true)
    expect(statSync(join(dir, 'copy', 'base', '5', '1259')).mode & 0o777).toBe(0o600)

    const listed = execFileSync('tar', ['-tzf', join(dir, 'cluster.tar.gz')], { encoding: 'utf8' })
    expect(listed.split('\n').filter(Boolean).sort()).toEqual(
      ['PG_VERSION', 'base/', 'base/5/', 'base/5/1259', 'base/5/empty', 'pg_tblspc/'].sort(),
    )
  })

  it('refuses a name that would leave the folder', async () => {
    const tarball = await packCluster(folder())
    const tar = gunzipSync(tarball)
    // The first entry's name, rewritten, with its checksum made right again.
    tar.fill(0, 0, 100)
    tar.write('../outside', 0)
    tar.fill(' ', 148, 156)
    tar.write(
      `${tar
        .subarray(0, 512)
        .reduce((sum, byte) => sum + byte, 0)
        .toString(8)
        .padStart(7, '0')}\0`,
      148,
    )
    writeFileSync(join(dir, 'escaping.tar.gz'), gzipSync(tar))
    await expect(unpackCluster(join(dir, 'escaping.tar.gz'), join(dir, 'copy'))).rejects.toThrow(
      /outside its folder/,
    )
  })

  it('reads a tarball that is not gzipped, and refuses one cut short', async () => {
    const tar = gunzipSync(await packCluster(folder()))
    writeFileSync(join(dir, 'cluster.tar'), tar)
    await unpackCluster(join(dir, 'cluster.tar'), join(dir, 'copy'))
    expect(readFileSync(join(dir, 'copy', 'base', '5', '1259'))).toEqual(Buffer.alloc(8192 + 7, 3))
    writeFileSync(join(dir, 'cut.tar'), tar.subarray(0, 512 * 4 + 100))
    await expect(unpackCluster(join(dir, 'cut.tar'), join(dir, 'cut'))).rejects.toThrow(/ends inside/)
  })
})
