import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgliteDir } from '../../src/server/db/clusterFolder'
import { preparePgliteDataDir } from '../harness/testDatabases'
import { killChildServer, startChildServer, type ChildServer } from './support/childServer'
import { buildServerBundle } from './support/serverBundle'

/**
 * Issue 7: SIGTERM lets requests in flight finish and then closes the database cleanly. "Cleanly" is
 * read from PGlite's own control file: a database closed properly says "shut down", one whose process
 * died says "in production" and needs crash recovery on the next start.
 */
const SHUT_DOWN = 1
const IN_PRODUCTION = 6

let bundle: ReturnType<typeof buildServerBundle>
const folders: string[] = []

beforeAll(() => {
  bundle = buildServerBundle()
})
afterAll(() => {
  bundle?.remove()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** A child server on a data folder that holds a migrated cluster already (initdb takes seconds). */
async function start(): Promise<ChildServer & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-shutdown-'))
  folders.push(dataDir)
  await preparePgliteDataDir(dataDir)
  return { ...(await startChildServer(bundle.entry, dataDir)), dataDir }
}

/** A sign-in that announces its body and sends it only when the test says so. */
function signInRequest(server: ChildServer, body: string) {
  const req = request(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'Content-Type': 'application/json',
      'Content-Length': body.length,
      Expect: '100-continue',
    },
  })
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
  })
  req.flushHeaders()
  return { req, answered }
}

/** Resolves once the server no longer accepts connections: its shutdown has begun. */
async function refusesConnections(url: string): Promise<void> {
  const { hostname, port } = new URL(url)
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), hostname)
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', () => resolve(true))
    })
    if (refused) return
  }
}

/** PostgreSQL's DBState, at byte 16 of pg_control (after system id, control and catalog versions). */
function databaseState(dataDir: string): number {
  return readFileSync(join(pgliteDir(dataDir), 'global', 'pg_control')).readUInt32LE(16)
}

describe('SIGTERM', () => {
  it('answers the request in flight, then closes the database and releases the folder', async () => {
    const server = await start()
    try {
      expect(databaseState(server.dataDir)).toBe(IN_PRODUCTION)
      // A sign-in whose body is still arriving when the signal comes; answering it needs the database.
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' })
      const { req, answered } = signInRequest(server, body)
      // "100 Continue" comes back once the server has read the headers and begun handling the request.
      await once(req, 'continue')
      req.write(body.slice(0, 10))
      server.child.kill('SIGTERM')
      await refusesConnections(server.url)
      req.end(body.slice(10))
      const response = await answered
      expect(response.status).toBe(400)
      expect(response.body).toContain('invalid_credentials')
      expect(await server.exited).toBe(0)
      expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false)
      expect(databaseState(server.dataDir)).toBe(SHUT_DOWN)
      console.log(
        'shutdown: SIGTERM answered the request in flight, database shut down cleanly, lock released',
      )
    } finally {
      await killChildServer(server)
    }
  })

  it('(control: SIGKILL leaves the database needing recovery, which the test above would notice)', async () => {
    const server = await start()
    await killChildServer(server)
    expect(databaseState(server.dataDir)).toBe(IN_PRODUCTION)
  })
})
