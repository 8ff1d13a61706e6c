import { readlinkSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncFile } from '../../src/server/db/pgliteDurability'
import { startTestServer, type TestServer } from '../harness/testServer'

/**
 * Issue 14 item 7, durable commits: the answer to a write is its acknowledgement, so the write's WAL
 * must be synced to disk before the answer leaves; a read syncs nothing. The sync is injected and
 * records the file each call reaches, and when, against the answers the client receives.
 */
const summary: string[] = []
const events: string[] = []
/** The file behind a descriptor, as the kernel names it (Linux); the descriptor number elsewhere. */
function fileOf(fd: number): string {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    return `fd ${fd}`
  }
}
const recordingSync: SyncFile = (fd) => {
  events.push(`sync ${fileOf(fd)}`)
}
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ durableCommits: recordingSync })
})

afterAll(async () => {
  await server?.stop()
  console.log(`durable-commit: ${summary.join('; ')}`)
})

function serviceHeaders(): Record<string, string> {
  return {
    apikey: server.serviceKey,
    authorization: `Bearer ${server.serviceKey}`,
    'content-type': 'application/json',
  }
}

async function answered(response: Promise<Response>): Promise<Response> {
  const done = await response
  events.push(`answer ${done.status}`)
  return done
}

describe('durable commits over HTTP (PGlite)', () => {
  it("syncs a one-row insert's WAL before its answer", async () => {
    events.length = 0
    const response = await answered(
      fetch(`${server.url}/rest/v1/guests`, {
        method: 'POST',
        headers: serviceHeaders(),
        body: JSON.stringify({ fullName: 'Durable Guest' }),
      }),
    )
    expect(response.status).toBe(201)
    const walSyncs = events.filter((event) => /^sync .*pg_wal[/\\][0-9A-F]{24}$/.test(event))
    expect(walSyncs.length).toBeGreaterThan(0)
    expect(events.at(-1)).toBe('answer 201')
    expect(events.indexOf(walSyncs[0])).toBeLessThan(events.indexOf('answer 201'))
    summary.push(`insert: ${walSyncs.length} WAL sync(s) before its 201`)
  })

  it('syncs nothing for reads', async () => {
    events.length = 0
    const response = await answered(
      fetch(`${server.url}/rest/v1/guests?select=id,fullName&fullName=eq.Durable%20Guest`, {
        headers: serviceHeaders(),
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toHaveLength(1)
    expect(events).toEqual(['answer 200'])
    summary.push('read: no sync')
  })
})
