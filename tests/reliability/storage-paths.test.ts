import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/index'
import { DEMO_EMAIL, DEMO_PASSWORD, TINY_PNG } from '../harness/testServer'
import { rawClient, type RawClient } from './support/rawHttp'

/**
 * Issue 7: no path escapes the storage folder and nothing uploaded can run script when served. Sent
 * as staff, who may upload, so only the path rules stand in the way; sent without fetch, which would
 * resolve '..' before the server ever saw it.
 */
let root: string
let dataDir: string
let server: RunningServer
let http: RawClient
let staffToken: string
let secret: string

const HOSTILE_KEYS = [
  '../../escaped.png',
  '../escaped.png',
  '..%2f..%2fescaped.png',
  '%2e%2e/%2e%2e/escaped.png',
  '%2E%2E%2F%2E%2E%2Fescaped.png',
  'a/../../../escaped.png',
  '/escaped.png',
  '//etc/escaped.png',
  '..\\..\\escaped.png',
  '..%5c..%5cescaped.png',
  'C:\\escaped.png',
  '%00escaped.png',
  'escaped.png%00.html',
  `${'../'.repeat(40)}tmp/escaped.png`,
]

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'innkeeper-paths-'))
  dataDir = join(root, 'data')
  const staticDir = join(root, 'renderer')
  mkdirSync(staticDir)
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html>')
  writeFileSync(join(root, 'outside.txt'), 'outside the served folder')
  symlinkSync(join(root, 'outside.txt'), join(staticDir, 'linked.txt'))
  server = await startServer({ dataDir, port: 0, log: false, staticDir })
  http = rawClient(server.url)
  secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()
  const signIn = await http.send({
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  })
  staffToken = (JSON.parse(signIn.body.toString()) as { access_token: string }).access_token
})

afterAll(async () => {
  http?.close()
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

/** Every file under the test's folder except the database's own, relative to it. */
function files(): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith(join('data', 'pglite') + sep))
}

describe('no path escapes the storage folder', () => {
  it('uploads under hostile names are refused or stored as a uuid inside storage/<bucket>', async () => {
    const before = new Set(files())
    const statuses: number[] = []
    for (const key of HOSTILE_KEYS) {
      for (const bucket of ['cabin-images', '..', '%2e%2e', '..%2f..']) {
        const response = await http.send({
          method: 'POST',
          path: `/storage/v1/object/${bucket}/${key}`,
          headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'image/png', 'x-upsert': 'true' },
          body: TINY_PNG,
        })
        statuses.push(response.status)
        expect(response.status, `${bucket}/${key}`).toBeLessThan(500)
      }
    }
    const added = files().filter((path) => !before.has(path))
    const storedAs = /^data[/\\]storage[/\\]cabin-images[/\\][0-9a-f-]{36}$/
    expect(added.filter((path) => !storedAs.test(path))).toEqual([])
    expect(files().some((path) => path.includes('escaped'))).toBe(false)
    console.log(
      `storage paths: ${statuses.length} uploads under hostile names, ${statuses.filter((s) => s === 200).length} ` +
        `stored (inside storage/, under uuids), 0 files elsewhere`,
    )
  })

  it('reads under hostile names never reach a file outside the folder', async () => {
    const targets = ['jwt-secret', 'server.lock', 'outside.txt', 'data/jwt-secret']
    const prefixes = [
      '/storage/v1/object/public/cabin-images/',
      '/storage/v1/object/authenticated/cabin-images/',
      '/storage/v1/object/cabin-images/',
      '/',
    ]
    const climbs = [
      '../',
      '../../',
      '..%2f',
      '..%2f..%2f',
      '%2e%2e/',
      '%2e%2e%2f%2e%2e%2f',
      '..\\',
      '..%5c..%5c',
    ]
    for (const prefix of prefixes) {
      for (const climb of climbs) {
        for (const target of targets) {
          const response = await http.send({
            method: 'GET',
            path: `${prefix}${climb}${target}`,
            headers: { apikey: server.anonKey, Authorization: `Bearer ${staffToken}` },
          })
          const body = response.body.toString()
          expect(response.status, `${prefix}${climb}${target}`).not.toBe(200)
          expect(body).not.toContain(secret)
          expect(body).not.toContain('outside the served folder')
        }
      }
    }
    const linked = await http.send({ method: 'GET', path: '/linked.txt' })
    expect(linked.status).toBe(404)
  })
})

describe('nothing uploaded can run script when served', () => {
  const upload = (name: string, body: Buffer, type: string) =>
    http.send({
      method: 'POST',
      path: `/storage/v1/object/cabin-images/${name}`,
      headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': type, 'x-upsert': 'true' },
      body,
    })

  it('documents are refused whatever they are called or declared as', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.domain)</script>')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    for (const [name, body, type] of [
      ['page.png', html, 'image/png'],
      ['page.html', html, 'text/html'],
      ['drawing.svg', svg, 'image/svg+xml'],
      ['drawing.png', svg, 'image/png'],
      ['real.html', TINY_PNG, 'text/html'],
    ] as const) {
      const response = await upload(name, body, type)
      expect(JSON.parse(response.body.toString()), name).toMatchObject({ statusCode: '415' })
    }
  })

  it('an image with a page hidden after its header is served as an inert image', async () => {
    const polyglot = Buffer.concat([TINY_PNG, Buffer.from('<html><script>alert(document.domain)</script>')])
    expect((await upload('polyglot.png', polyglot, 'application/octet-stream')).status).toBe(200)
    for (const query of ['', '?download=', '?download=evil%22%0D%0ASet-Cookie:%20x%3D1.html']) {
      const served = await http.send({
        method: 'GET',
        path: `/storage/v1/object/public/cabin-images/polyglot.png${query}`,
      })
      expect(served.status).toBe(200)
      expect(served.headers['content-type']).toBe('image/png')
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(served.headers['content-security-policy']).toMatch(/sandbox/)
      expect(served.headers['set-cookie']).toBeUndefined()
      expect(served.headers['content-disposition']).toMatch(/^(inline|attachment); filename="[\w.() -]+"$/)
    }
  })
})
