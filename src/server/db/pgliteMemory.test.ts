import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  MAX_SHARED_BUFFERS_MB,
  MIN_SHARED_BUFFERS_MB,
  OPTIMISED_WASM_FROM_MB,
  optimisesWasmFor,
  sharedBuffersMbFor,
} from './pgliteMemory'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A PGDATA whose base/ holds files of these sizes in MB (sparse: nothing is written). */
function pgdata(...filesMb: number[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'innkeeper-buffers-'))
  dirs.push(dir)
  filesMb.forEach((mb, i) => {
    const db = join(dir, 'base', String(i % 2 ? 1 : 5))
    mkdirSync(db, { recursive: true })
    const file = join(db, String(16384 + i))
    writeFileSync(file, '')
    truncateSync(file, mb * 2 ** 20)
  })
  return dir
}

describe('sharedBuffersMbFor', () => {
  it('gives a new cluster (no files yet) the minimum', () => {
    expect(sharedBuffersMbFor(join(tmpdir(), 'innkeeper-no-such-cluster'))).toBe(MIN_SHARED_BUFFERS_MB)
    expect(MIN_SHARED_BUFFERS_MB).toBe(8)
  })

  it('gives the demo business (10 MB of files beside a 7 MB template) the minimum', () => {
    expect(sharedBuffersMbFor(pgdata(6, 7, 4))).toBe(8)
  })

  it('grows with the data: half of the app’s database files, the templates beside it not counted', () => {
    expect(sharedBuffersMbFor(pgdata(40, 30, 30))).toBe(35)
  })

  it('stops at 112 MB for a large property (1 GB of files at 500 000 bookings)', () => {
    expect(sharedBuffersMbFor(pgdata(1021, 7))).toBe(MAX_SHARED_BUFFERS_MB)
    expect(MAX_SHARED_BUFFERS_MB).toBe(112)
  })
})

describe('optimisesWasmFor', () => {
  it('leaves a new cluster and the demo business unoptimised', () => {
    expect(optimisesWasmFor(join(tmpdir(), 'innkeeper-no-such-cluster'))).toBe(false)
    expect(optimisesWasmFor(pgdata(6, 7, 4))).toBe(false)
  })

  it('optimises from 256 MB of files in the app’s database, the templates beside it not counted', () => {
    expect(OPTIMISED_WASM_FROM_MB).toBe(256)
    expect(optimisesWasmFor(pgdata(200, 7, 55))).toBe(false)
    expect(optimisesWasmFor(pgdata(200, 7, 56))).toBe(true)
    expect(optimisesWasmFor(pgdata(1021, 7))).toBe(true)
  })
})
