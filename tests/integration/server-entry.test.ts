import { fork, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { RESTART_AFTER_SETUP_ENV } from '../../src/shared/backendProtocol'

// The process entry (src/server/entry.ts) run from source, as Electron and web mode run its build.
const launcher = join(import.meta.dirname, '../../scripts/server-dev.mjs')
const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-entry-'))
const env = {
  ...process.env,
  INNKEEPER_DATA_DIR: dataDir,
  PORT: '0',
  INNKEEPER_LOG: '0',
  INNKEEPER_DEMO: '0',
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function nextMessage(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Record<string, string>))
    child.once('exit', (code) => reject(new Error(`exited with ${code} before sending a message`)))
  })
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

/** The stdout of an entry run on its own, as it comes; `ready` is the URL it prints once ready. */
function watchOutput(child: ChildProcess): { ready: Promise<string>; output: () => string } {
  let output = ''
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Innkeeper backend ready on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { ready, output: () => output }
}

describe('process entry', () => {
  it('sets up a new data folder, then (started again) reports ready, refuses a second process on the folder, and shuts down on request', async () => {
    // A parent that restarts the backend after a first run gets 'set-up' instead of 'ready'.
    const restartingEnv = { ...env, [RESTART_AFTER_SETUP_ENV]: '1' }
    const settingUp = fork(launcher, [], { env: restartingEnv, stdio: 'pipe' })
    try {
      expect(await nextMessage(settingUp)).toEqual({ type: 'set-up' })
      settingUp.send({ type: 'shutdown' })
      expect(await exitCode(settingUp)).toBe(0)
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
    } finally {
      settingUp.kill('SIGKILL')
    }

    const child = fork(launcher, [], { env: restartingEnv, stdio: 'pipe' })
    try {
      const ready = await nextMessage(child)
      expect(ready).toMatchObject({
        type: 'ready',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      })
      expect(ready.anonKey.split('.')).toHaveLength(3)
      expect((await fetch(`${ready.url}/health`)).status).toBe(200)

      const second = fork(launcher, [], { env, stdio: 'pipe' })
      const failure = await nextMessage(second)
      expect(failure).toMatchObject({ type: 'error', message: expect.stringContaining('in use by process') })
      expect(await exitCode(second)).toBe(1)

      child.send({ type: 'shutdown' })
      expect(await exitCode(child)).toBe(0)
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('prints its URL when run on its own and closes on SIGTERM', async () => {
    const child = spawn(process.execPath, [launcher], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      const url = await watchOutput(child).ready
      expect((await fetch(`${url}/health`)).status).toBe(200)
      child.kill('SIGTERM')
      expect(await exitCode(child)).toBe(0)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('runs PGlite’s WebAssembly unoptimised on a small database (issue 21: 25-35 MB less memory)', async () => {
    // The trace names each WebAssembly function compiled and its compiler.
    const child = spawn(process.execPath, ['--trace-wasm-compilation-times', launcher], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const { ready, output } = watchOutput(child)
      const url = await ready
      expect((await fetch(`${url}/rest/v1/cabins?select=id`)).status).toBeLessThan(500)
      // Optimised code is compiled in the background, within a second of being asked for.
      await new Promise((resolve) => setTimeout(resolve, 3000))
      child.kill('SIGTERM')
      expect(await exitCode(child)).toBe(0)
      // Each compile names its module: PGlite's has by far the most functions (the launcher's own tools
      // compile a few WebAssembly functions of theirs, optimised).
      const compiles = [...output().matchAll(/Compiled function (0x[0-9a-f]+)#\d+ using (\w+)/g)]
      const perModule = new Map<string, number>()
      for (const [, module] of compiles) perModule.set(module, (perModule.get(module) ?? 0) + 1)
      const pglite = [...perModule].sort((a, b) => b[1] - a[1])[0][0]
      expect(perModule.get(pglite)).toBeGreaterThan(500)
      expect(compiles.filter(([, module, tier]) => module === pglite && tier !== 'Liftoff')).toEqual([])
    } finally {
      child.kill('SIGKILL')
    }
  })
})
