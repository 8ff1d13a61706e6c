import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/index'
import { DEMO_EMAIL, DEMO_PASSWORD, TINY_PNG } from '../harness/testServer'

/**
 * Issue 7, web mode: every kind of answer (page, asset, JSON, stored image, error) carries the
 * security headers, and the structured logs never hold a password, a token or a key, whatever the
 * requests carried. tests/integration/server.test.ts covers the basics; this covers every kind of
 * answer and every auth flow that carries a secret.
 */
let server: RunningServer
let dataDir: string
const lines: string[] = []
const secrets: string[] = []
// Every line the server writes during this file is kept (and checked) rather than printed.
const write = vi.spyOn(process.stdout, 'write')

beforeAll(async () => {
  write.mockImplementation((chunk) => {
    lines.push(...String(chunk).split('\n').filter(Boolean))
    return true
  })
  dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-web-'))
  const staticDir = join(dataDir, 'renderer')
  mkdirSync(join(staticDir, 'assets'), { recursive: true })
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Innkeeper</title>')
  writeFileSync(join(staticDir, 'assets', 'index-abc.js'), 'export {}')
  server = await startServer({ dataDir: join(dataDir, 'data'), port: 0, staticDir, log: true })
  secrets.push(
    server.anonKey,
    server.serviceKey,
    readFileSync(join(dataDir, 'data', 'jwt-secret'), 'utf8').trim(),
  )
})

afterAll(async () => {
  await server?.close()
  write.mockRestore()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('security headers on every kind of answer', () => {
  const expectBase = (response: Response, what: string) => {
    expect(response.headers.get('x-content-type-options'), what).toBe('nosniff')
    expect(response.headers.get('referrer-policy'), what).toBe('no-referrer')
    expect(response.headers.get('x-frame-options'), what).toBe('DENY')
  }

  it('the page: a strict policy that allows only its own origin and no framing', async () => {
    const page = await fetch(`${server.url}/`)
    expectBase(page, 'page')
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
  })

  it('JSON answers, assets and errors: may load nothing, run nothing, be framed by nobody', async () => {
    const staff = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const answers: [string, Response][] = [
      ['rest', await fetch(`${server.url}/rest/v1/cabins?select=id`, { headers: auth(staff.access_token) })],
      ['rest error', await fetch(`${server.url}/rest/v1/nope`, { headers: { apikey: server.anonKey } })],
      ['auth', await fetch(`${server.url}/auth/v1/user`, { headers: auth(staff.access_token) })],
      ['auth error', await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } })],
      ['config', await fetch(`${server.url}/config.json`)],
      ['health', await fetch(`${server.url}/health`)],
      ['asset', await fetch(`${server.url}/assets/index-abc.js`)],
      ['not found', await fetch(`${server.url}/nowhere`)],
    ]
    for (const [what, response] of answers) {
      expectBase(response, what)
      const csp = response.headers.get('content-security-policy')
      expect(csp, what).toContain("default-src 'none'")
      expect(csp, what).toContain("frame-ancestors 'none'")
    }
  })

  it('stored images: sandboxed, never sniffed into a document', async () => {
    const staff = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const upload = await fetch(`${server.url}/storage/v1/object/avatars/headers.png`, {
      method: 'POST',
      headers: { ...auth(staff.access_token), 'Content-Type': 'image/png' },
      body: TINY_PNG,
    })
    expect(upload.status).toBe(200)
    const image = await fetch(`${server.url}/storage/v1/object/public/avatars/headers.png`)
    expectBase(image, 'image')
    expect(image.headers.get('content-security-policy')).toContain('sandbox')
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'")
    const missing = await fetch(`${server.url}/storage/v1/object/public/avatars/missing.png`)
    expectBase(missing, 'storage error')
  })
})

describe('logs', () => {
  it('are one JSON object per line and hold no password, token or key from any auth flow', async () => {
    const first = 'first-Secret-Password-1'
    const second = 'second-Secret-Password-2'
    const wrong = 'wrong-Secret-Password-3'
    secrets.push(first, second, wrong)

    const signedUp = await post('/auth/v1/signup', { email: 'logs@example.com', password: first })
    const session = await signIn('logs@example.com', first)
    const refreshed = await post('/auth/v1/token?grant_type=refresh_token', {
      refresh_token: session.refresh_token,
    })
    // An old refresh token presented again, and a made-up one: both refused, neither written down.
    await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: session.refresh_token })
    await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: 'made-up-refresh-token-xyz' })
    await post('/auth/v1/token?grant_type=password', { email: 'logs@example.com', password: wrong })
    await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...auth(refreshed.access_token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: second }),
    })
    const again = await signIn('logs@example.com', second)
    await fetch(`${server.url}/rest/v1/guests?select=id&email=eq.private-filter-value`, {
      headers: auth(again.access_token),
    })
    // Tokens in the query string (as a realtime socket sends its apikey) are logged by name only too.
    await fetch(`${server.url}/rest/v1/cabins?apikey=${server.anonKey}&access_token=${again.access_token}`)
    await fetch(`${server.url}/auth/v1/logout`, { method: 'POST', headers: auth(again.access_token) })
    secrets.push(
      ...[signedUp, session, refreshed, again].flatMap((s) => [s.access_token, s.refresh_token]),
      'made-up-refresh-token-xyz',
      'private-filter-value',
    )

    expect(lines.length).toBeGreaterThanOrEqual(20)
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>
      expect(entry).toMatchObject({
        time: expect.any(String),
        level: expect.any(String),
        msg: expect.any(String),
      })
    }
    const all = lines.join('\n')
    const leaked = secrets.filter((secret) => secret && all.includes(secret))
    expect(leaked).toEqual([])
    // Written past the spy, so it shows in the test output.
    write.mockRestore()
    console.log(
      `logs: ${lines.length} structured lines, ${secrets.length} secrets checked, ${leaked.length} found`,
    )
  })
})

interface Session {
  access_token: string
  refresh_token: string
}

function auth(token: string): Record<string, string> {
  return { apikey: server.anonKey, Authorization: `Bearer ${token}` }
}

async function post(path: string, body: unknown): Promise<Session> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as Session
}

async function signIn(email: string, password: string): Promise<Session> {
  const session = await post('/auth/v1/token?grant_type=password', { email, password })
  expect(session.access_token).toBeTruthy()
  return session
}
