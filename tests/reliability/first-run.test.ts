import { fork } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasPgliteCluster, pgliteDir } from '../../src/server/db/open'
import { startServer } from '../../src/server/index'
import { DEMO_EMAIL, DEMO_PASSWORD, supabaseClient } from '../../src/server/testing/testServer'
import { buildServerBundle } from './support/serverBundle'

/**
 * Issue 14, a first run cut short: quitting while the backend creates its data folder lets it finish
 * and close the database (no half-made cluster), and a set-up that was killed anyway (power cut,
 * Task Manager) is detected by its mark and done again on the next start.
 */
const SHUT_DOWN = 1
const summary: string[] = []
const folders: string[] = []
let bundle: ReturnType<typeof buildServerBundle>

beforeAll(() => {
  bundle = buildServerBundle()
})
afterAll(() => {
  bundle?.remove()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  console.log(`first-run: ${summary.join('; ')}`)
})

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'innkeeper-first-run-'))
  folders.push(folder)
  return folder
}

/** Resolves once `name` appears in `folder` (an event, not a poll). */
function appears(folder: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(folder, () => {
      if (!existsSync(join(folder, name))) return
      watcher.close()
      resolve()
    })
    if (existsSync(join(folder, name))) {
      watcher.close()
      resolve()
    }
  })
}

describe('a first run cut short', () => {
  it('SIGTERM while the data folder is being set up: the set-up finishes, the database closes cleanly', async () => {
    const dataDir = dataFolder()
    const child = fork(bundle.entry, [], {
      env: {
        ...process.env,
        INNKEEPER_DATA_DIR: dataDir,
        PORT: '0',
        INNKEEPER_LOG: '0',
        INNKEEPER_BACKUPS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    const messages: unknown[] = []
    child.on('message', (message) => messages.push(message))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    )
    try {
      await appears(dataDir, 'setting-up')
      child.kill('SIGTERM')
      expect(await exited).toEqual({ code: 0, signal: null })
      expect(messages).toEqual([])
      expect(hasPgliteCluster(dataDir)).toBe(true)
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
      expect(readFileSync(join(pgliteDir(dataDir), 'global', 'pg_control')).readUInt32LE(16)).toBe(SHUT_DOWN)
      summary.push('SIGTERM during set-up: finished, closed cleanly, exit 0')
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('a set-up that never finished is detected and done again on the next start', async () => {
    const dataDir = dataFolder()
    // What a process killed half-way through initdb leaves: the mark, and a cluster that is not one.
    writeFileSync(join(dataDir, 'setting-up'), '')
    mkdirSync(pgliteDir(dataDir), { recursive: true })
    writeFileSync(join(pgliteDir(dataDir), 'PG_VERSION'), '17\n')
    expect(hasPgliteCluster(dataDir)).toBe(false)

    const server = await startServer({ dataDir, log: false })
    try {
      expect(existsSync(join(dataDir, 'setting-up'))).toBe(false)
      const client = supabaseClient(server.url, server.anonKey)
      const { error } = await client.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
      expect(error).toBeNull()
      const { count } = await client.from('cabins').select('*', { count: 'exact', head: true })
      expect(count).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
    summary.push('a half-made data folder was set up again, demo seeded')
  })
})
