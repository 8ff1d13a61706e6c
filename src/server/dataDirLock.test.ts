import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, lockDataDir } from './dataDirLock'

// A PID that is alive: this test's own process (as after a restart, when an old lock's PID has been
// handed to some other program). A dead one: a process that has exited.
const alive = process.pid
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

let dir: string
const lockFile = () => join(dir, 'server.lock')
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'innkeeper-lock-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('lockDataDir', () => {
  it('writes who holds the folder and removes the lock on unlock', async () => {
    const unlock = await lockDataDir(dir, { desktop: true })
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ pid: process.pid, desktop: true })
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError)
    await unlock()
    await (
      await lockDataDir(dir)
    )()
  })

  it('lets the desktop backend take over a lock an earlier desktop backend left, even if its PID is in use again', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: alive, desktop: true }))
    const unlock = await lockDataDir(dir, { desktop: true })
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ pid: process.pid, desktop: true })
    await unlock()
  })

  it('lets the desktop backend take over a bare-PID lock an earlier version left, even if that PID is in use again', async () => {
    writeFileSync(lockFile(), String(alive))
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError)
    const unlock = await lockDataDir(dir, { desktop: true })
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ pid: process.pid, desktop: true })
    await unlock()
  })

  it('never takes a folder from a running process that is not a desktop backend (a restore, staff:add, web mode)', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: alive, desktop: false }))
    await expect(lockDataDir(dir, { desktop: true })).rejects.toThrow(DataDirInUseError)
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError)
  })

  it('outside the desktop app, respects a desktop backend that is running', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: alive, desktop: true }))
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${alive}`)
  })

  it('takes over a lock whose process is gone, or that was left half-written', async () => {
    const dead = await deadPid()
    for (const content of [JSON.stringify({ pid: dead, desktop: false }), String(dead), '', '{"pid":']) {
      writeFileSync(lockFile(), content)
      await (
        await lockDataDir(dir)
      )()
    }
  })
})
