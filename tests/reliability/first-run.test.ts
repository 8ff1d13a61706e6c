import { fork } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restoreBackup } from '../../src/server/backup'
import type { Backup } from '../../src/server/backup'
import {
  hasPgliteCluster,
  PGLITE_TEMPLATE_FILE,
  pgliteDir,
  setUpMarker,
} from '../../src/server/db/clusterFolder'
import { writePgliteTemplate } from '../../src/server/db/template'
import { startServer } from '../../src/server/index'
import { runStaffAdd } from '../../src/server/staffCli'
import { RESTART_AFTER_SETUP_ENV } from '../../src/shared/backendProtocol'
import { DEMO_EMAIL, DEMO_PASSWORD, supabaseClient } from '../harness/testServer'
import { buildServerBundle } from './support/serverBundle'

/**
 * Issue 14, a first run cut short: quitting while the backend creates its data folder lets it finish
 * and close the database (no half-made cluster), and a set-up that was killed anyway (power cut,
 * Task Manager) is detected by its mark and done again on the next start.
 */
const SHUT_DOWN = 1
/** Each test creates a cluster (initdb, or a restore): slow on a busy machine. */
const SET_UP_TIMEOUT_MS = 120_000
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

/** What a process killed half-way through initdb leaves: the mark, and a cluster that is not one. */
function cutShort(dataDir: string): void {
  writeFileSync(setUpMarker(dataDir), '')
  mkdirSync(pgliteDir(dataDir), { recursive: true })
  writeFileSync(join(pgliteDir(dataDir), 'PG_VERSION'), '17\n')
}

describe('a first run cut short', () => {
  it(
    'SIGTERM while the data folder is being set up: the set-up finishes, the database closes cleanly',
    async () => {
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
        expect(readFileSync(join(pgliteDir(dataDir), 'global', 'pg_control')).readUInt32LE(16)).toBe(
          SHUT_DOWN,
        )
        summary.push('SIGTERM during set-up: finished, closed cleanly, exit 0')
      } finally {
        child.kill('SIGKILL')
      }
    },
    SET_UP_TIMEOUT_MS,
  )

  it(
    'a set-up that never finished is detected and done again on the next start',
    async () => {
      const dataDir = dataFolder()
      cutShort(dataDir)
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
    },
    SET_UP_TIMEOUT_MS,
  )

  it(
    'staff:add on such a folder sets it up for good: the next start keeps the account',
    async () => {
      const dataDir = dataFolder()
      cutShort(dataDir)
      const owner = { email: 'owner@example.com', password: 'long-enough-password' }
      await runStaffAdd(['--email', owner.email, '--password', owner.password, '--name', 'The Owner'], {
        INNKEEPER_DATA_DIR: dataDir,
      })
      expect(hasPgliteCluster(dataDir)).toBe(true)
      const server = await startServer({ dataDir, log: false, demo: false })
      try {
        const { error } = await supabaseClient(server.url, server.anonKey).auth.signInWithPassword(owner)
        expect(error).toBeNull()
      } finally {
        await server.close()
      }
      summary.push('staff:add finished the set-up, the account survived the next start')
    },
    SET_UP_TIMEOUT_MS,
  )

  it(
    'a restore onto such a folder counts as set up: the next start keeps the restored data',
    async () => {
      const dataDir = dataFolder()
      let made!: (backup: Backup | undefined) => void
      const backedUp = new Promise<Backup | undefined>((resolve) => (made = resolve))
      const server = await startServer({
        dataDir,
        log: false,
        backups: { scheduler: () => () => {}, onBackup: (backup) => made(backup) },
      })
      const backup = await backedUp
      await server.close()
      writeFileSync(setUpMarker(dataDir), '')

      await restoreBackup({ dataDir, backup: backup!.name })
      expect(existsSync(setUpMarker(dataDir))).toBe(false)
      const again = await startServer({ dataDir, log: false })
      try {
        const client = supabaseClient(again.url, again.anonKey)
        expect(
          (await client.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })).error,
        ).toBeNull()
      } finally {
        await again.close()
      }
      summary.push('a restore finished the set-up')
    },
    SET_UP_TIMEOUT_MS,
  )
})

describe("a first run from the build's template", () => {
  it(
    "answers ready from its first process, seeded, where initdb's first run asks for a restart",
    async () => {
      // The bundle again, with a template beside it as a build has (out/main).
      const build = `${dirname(bundle.entry)}-template`
      cpSync(dirname(bundle.entry), build, { recursive: true })
      folders.push(build)
      await writePgliteTemplate(join(build, PGLITE_TEMPLATE_FILE))
      const dataDir = dataFolder()
      const child = fork(join(build, 'server.mjs'), [], {
        env: {
          ...process.env,
          INNKEEPER_DATA_DIR: dataDir,
          PORT: '0',
          INNKEEPER_LOG: '0',
          INNKEEPER_BACKUPS: '0',
          [RESTART_AFTER_SETUP_ENV]: '1',
        },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      })
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      try {
        const message = await new Promise<Record<string, string>>((resolve) => child.once('message', resolve))
        expect(message).toMatchObject({ type: 'ready' })
        expect(hasPgliteCluster(dataDir)).toBe(true)
        const client = supabaseClient(message.url, message.anonKey)
        const { error } = await client.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
        expect(error).toBeNull()
        const { count } = await client.from('bookings').select('*', { count: 'exact', head: true })
        expect(count).toBeGreaterThan(0)
        child.send({ type: 'shutdown' })
        expect(await exited).toBe(0)
      } finally {
        child.kill('SIGKILL')
      }
      summary.push('a first run from the template: ready from one process, seeded')
    },
    SET_UP_TIMEOUT_MS,
  )
})
