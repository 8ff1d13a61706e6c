import { request, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import { DEMO_EMAIL, DEMO_PASSWORD, TINY_PNG, startTestServer, type TestServer } from '../harness/testServer'

/**
 * Uploads are judged before their bodies are read: a caller without the right to store an object
 * there (no credentials, the anon key, a signed-up guest, an unknown bucket, a bad name) gets its
 * answer while the body is still on its way, so no stranger can make the server take in 10 MB.
 * And object names with `.` or `..` segments are refused (InvalidKey) as storage-api does.
 */
const summary: string[] = []
afterAll(() => {
  console.log(`storage upload gate: ${summary.join('; ')}`)
})

const UPLOAD_BYTES = 10 * 1024 * 1024
const FIRST_CHUNK = Buffer.concat([TINY_PNG, Buffer.alloc(64 * 1024 - TINY_PNG.length)])

describe.each(testDatabaseKinds())('storage uploads on %s', (kind) => {
  let server: TestServer
  let staffToken: string
  let guestToken: string

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    const staff = await server
      .client()
      .auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(staff.error).toBeNull()
    staffToken = staff.data.session!.access_token
    const guest = await server.client().auth.signUp({
      email: `guest${Date.now()}@example.com`,
      password: 'guest-password',
    })
    expect(guest.error).toBeNull()
    guestToken = guest.data.session!.access_token
  })
  afterAll(() => server?.stop())

  /**
   * Declares a 10 MB upload and sends only its first 64 KB, then waits for the answer: it can only
   * come if the server decided without the rest of the body.
   */
  function startUpload(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    const { hostname, port } = new URL(server.url)
    return new Promise((resolve, reject) => {
      const req = request({
        hostname,
        port,
        method: 'POST',
        path,
        headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(UPLOAD_BYTES) },
      })
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          req.destroy()
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() })
        })
      })
      req.on('error', reject)
      req.write(FIRST_CHUNK)
    })
  }

  it('refuses a stranger before reading the body', async () => {
    const name = () => `/storage/v1/object/cabin-images/gate-${Date.now()}-${Math.random()}.png`
    const cases: [string, string, Record<string, string>, string][] = [
      ['no credentials', name(), {}, '403'],
      ['the anon key', name(), { apikey: server.anonKey }, '403'],
      ['a signed-up guest', name(), { apikey: server.anonKey, Authorization: `Bearer ${guestToken}` }, '403'],
      [
        'staff, to a bucket that does not exist',
        '/storage/v1/object/no-such-bucket/x.png',
        { Authorization: `Bearer ${staffToken}` },
        '404',
      ],
      [
        'staff, under a name with a .. segment',
        '/storage/v1/object/cabin-images/a/../x.png',
        { Authorization: `Bearer ${staffToken}` },
        '400',
      ],
    ]
    for (const [who, path, headers, statusCode] of cases) {
      const answer = await startUpload(path, headers)
      expect(answer.status, `${who}: ${answer.body}`).toBe(400)
      expect(JSON.parse(answer.body), who).toMatchObject({ statusCode })
    }
    summary.push(`${kind}: ${cases.length} refused uploads answered after 64 KB of 10 MB`)
  }, 20_000)

  it('refuses names with . or .. segments (InvalidKey), for uploads and reads', async () => {
    const names = ['a/../b.png', 'a/./b.png', '../b.png', './b.png', 'a/..', 'a/.', '..', '.']
    for (const name of names) {
      const upload = await fetchRaw('POST', `/storage/v1/object/cabin-images/${name}`, TINY_PNG)
      expect(upload.status, name).toBe(400)
      expect(JSON.parse(upload.body), name).toEqual({
        statusCode: '400',
        error: 'InvalidKey',
        message: `Invalid key: ${name}`,
      })
      const read = await fetchRaw('GET', `/storage/v1/object/public/cabin-images/${name}`)
      expect(JSON.parse(read.body), name).toMatchObject({ error: 'InvalidKey' })
    }
    // Dots inside a segment are ordinary characters.
    const fine = await fetchRaw('POST', `/storage/v1/object/cabin-images/gate/..a.b..png`, TINY_PNG)
    expect(fine.status, fine.body).toBe(200)
    summary.push(`${kind}: ${names.length} dot-segment names refused with InvalidKey`)
  })

  /** Raw HTTP, so `..` and `.` segments arrive as written (fetch would resolve them). */
  function fetchRaw(method: string, path: string, body?: Buffer): Promise<{ status: number; body: string }> {
    const { hostname, port } = new URL(server.url)
    return new Promise((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          method,
          path,
          headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'image/png', 'x-upsert': 'true' },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }
})
