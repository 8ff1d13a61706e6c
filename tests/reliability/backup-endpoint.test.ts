import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listBackups, type Backup } from '../../src/server/backup'
import { DEMO_FRONT_DESK } from '../../src/server/seed'
import { BACKUPS_PATH, type BackupStatus } from '../../src/shared/backups'
import { DEMO_EMAIL, DEMO_PASSWORD, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 14 item 7: Settings shows the last backup and "Back up now" through the embedded backend's
 * own endpoint. Attacks over HTTP: without an admin's session nothing is shown and nothing is made.
 */
const summary: string[] = []
const chosen = mkdtempSync(join(tmpdir(), 'innkeeper-chosen-backups-'))
let server: TestServer
let offServer: TestServer
let startBackup: Backup | undefined

beforeAll(async () => {
  let started!: (backup: Backup | undefined) => void
  const made = new Promise<Backup | undefined>((resolve) => (started = resolve))
  server = await startTestServer({
    // Only the backup at start: the day's timer never fires.
    backups: { dir: chosen, scheduler: () => () => {}, onBackup: (backup) => started(backup) },
  })
  startBackup = await made
  offServer = await startTestServer()
})

afterAll(async () => {
  await server?.stop()
  await offServer?.stop()
  rmSync(chosen, { recursive: true, force: true })
  console.log(`backup-endpoint: ${summary.join('; ')}`)
})

async function accessToken(target: TestServer, email: string, password: string): Promise<string> {
  const client = target.client()
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return data.session!.access_token
}

function call(target: TestServer, method: 'GET' | 'POST', token?: string): Promise<Response> {
  const headers: Record<string, string> = { apikey: target.anonKey }
  if (token) headers.authorization = `Bearer ${token}`
  return fetch(`${target.url}${BACKUPS_PATH}`, { method, headers })
}

describe('the backups endpoint', () => {
  it('refuses anyone but staff, and makes nothing for them', async () => {
    const stranger = server.client()
    const { error } = await stranger.auth.signUp({ email: 'guest@example.com', password: 'not-staff-123' })
    expect(error).toBeNull()
    const guestToken = await accessToken(server, 'guest@example.com', 'not-staff-123')
    const answers = [
      ['anon GET', await call(server, 'GET'), 401, '42501'],
      ['anon POST', await call(server, 'POST'), 401, '42501'],
      ['forged token', await call(server, 'POST', 'not.a.jwt'), 401, 'PGRST301'],
      ['signed-up non-staff GET', await call(server, 'GET', guestToken), 403, '42501'],
      ['signed-up non-staff POST', await call(server, 'POST', guestToken), 403, '42501'],
    ] as const
    for (const [who, response, status, code] of answers) {
      expect({
        who,
        status: response.status,
        code: ((await response.json()) as { code: string }).code,
      }).toEqual({
        who,
        status,
        code,
      })
    }
    expect(await listBackups(chosen)).toEqual([startBackup!.name])
    summary.push(`${answers.length} refusals (401/403), no backup made`)
  })

  it("refuses the front desk in words: backups belong to Settings, an admin's screen", async () => {
    const deskToken = await accessToken(server, DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password)
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(server, method, deskToken)
      expect({ method, status: response.status, body: await response.json() }).toEqual({
        method,
        status: 403,
        body: { code: '42501', message: 'Only an admin can see or make backups', details: null, hint: null },
      })
    }
    expect(await listBackups(chosen)).toEqual([startBackup!.name])
    summary.push('front desk: 403 in words, no backup made')
  })

  it('shows an admin the last backup (time, size, where) and makes one now', async () => {
    const token = await accessToken(server, DEMO_EMAIL, DEMO_PASSWORD)
    const shown = (await (await call(server, 'GET', token)).json()) as BackupStatus
    expect(shown).toEqual({
      dir: chosen,
      last: {
        name: startBackup!.name,
        createdAt: startBackup!.manifest.createdAt,
        bytes: expect.any(Number),
      },
    })
    expect(shown.last!.bytes).toBeGreaterThan(1000)

    const response = await call(server, 'POST', token)
    expect(response.status).toBe(200)
    const after = (await response.json()) as BackupStatus
    const names = await listBackups(chosen)
    expect(names).toHaveLength(2)
    expect(after.last?.name).toBe(names[1])
    expect(after.last?.name).not.toBe(startBackup!.name)
    summary.push('admin: status of the last backup, and "Back up now" made a second one')
  })

  it('answers 404 where backups are off', async () => {
    const token = await accessToken(offServer, DEMO_EMAIL, DEMO_PASSWORD)
    const response = await call(offServer, 'GET', token)
    expect(response.status).toBe(404)
    expect(((await response.json()) as { code: string }).code).toBe('PGRST125')
    summary.push('backups off: 404')
  })
})
