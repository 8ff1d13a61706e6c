import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../harness/testDatabases'
import { startTestServer } from '../harness/testServer'

/** Issue 13 item 20: `npm run staff:add` (scripts/staff-add.mjs) as an owner runs it, then signs in. */
const run = promisify(execFile)

describe.each(testDatabaseKinds())('npm run staff:add on %s', (kind) => {
  let dataDir: string
  let postgres: TestDatabase | undefined
  const env = () => ({
    ...process.env,
    INNKEEPER_DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
  })

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-staff-add-'))
    if (kind === 'postgres') postgres = await createTestDatabase('postgres')
  })
  afterAll(async () => {
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function staffAdd(...args: string[]) {
    try {
      const { stdout } = await run('node', ['scripts/staff-add.mjs', ...args], { env: env() })
      return { ok: true, output: stdout.trim() }
    } catch (error) {
      const failed = error as { code: number; stderr: string }
      expect(failed.code).toBe(1)
      return { ok: false, output: failed.stderr.trim() }
    }
  }

  it('refuses bad input with a clear message', async () => {
    // None of these creates the account: the next test's first run reports creating it.
    const usage = 'Usage: npm run staff:add -- --email <email> --password <password> --name "<full name>"'
    expect(await staffAdd('--email', 'owner@example.com', '--password', 'long-enough')).toEqual({
      ok: false,
      output: usage,
    })
    expect(await staffAdd('--email', 'not-an-email', '--password', 'long-enough', '--name', 'O')).toEqual({
      ok: false,
      output: 'Unable to validate email address: invalid format',
    })
    expect(await staffAdd('--email', 'owner@example.com', '--password', 'short', '--name', 'O')).toEqual({
      ok: false,
      output: 'Password must be at least 8 characters long',
    })
    expect(
      await staffAdd('--email', 'owner@example.com', '--password', 'long-enough', '--name', ' '),
    ).toEqual({
      ok: false,
      output: 'A full name is required',
    })
    const unknown = await staffAdd('--email', 'owner@example.com', '--pasword', 'typo')
    expect(unknown.ok).toBe(false)
    expect(unknown.output).toContain("Unknown option '--pasword'")
  }, 120_000)

  it('creates a staff account that signs in and sees staff data; a second run keeps its password', async () => {
    expect(
      await staffAdd('--email', ' Owner@Example.com ', '--password', 'long-enough', '--name', 'The Owner'),
    ).toEqual({ ok: true, output: 'Created staff account owner@example.com' })
    expect(
      await staffAdd('--email', 'owner@example.com', '--password', 'other-password', '--name', 'The Owner'),
    ).toEqual({
      ok: true,
      output: 'owner@example.com already had an account; it is now staff (its password was not changed)',
    })

    const server = await startTestServer({ dataDir, databaseUrl: postgres?.url })
    try {
      const client = server.client()
      const { data, error } = await client.auth.signInWithPassword({
        email: 'owner@example.com',
        password: 'long-enough',
      })
      expect(error).toBeNull()
      expect(data.user?.user_metadata).toMatchObject({ fullName: 'The Owner' })
      const settings = await client.from('settings').select('id')
      expect(settings.data).toHaveLength(1)
      // The first account of a database is an admin (issue 18).
      const { data: staff } = await client.from('staff').select('user_id, role').eq('user_id', data.user!.id)
      expect(staff).toEqual([{ user_id: data.user!.id, role: 'admin' }])
    } finally {
      await server.stop()
    }
  }, 120_000)
})
