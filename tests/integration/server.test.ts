import { once } from 'node:events'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer } from '../../src/server/index'
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  startTestServer,
  type TestServer,
  json,
  supabaseClient,
} from '../harness/testServer'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  const staticDir = join(server.dataDir, 'renderer')
  mkdirSync(join(staticDir, 'assets'), { recursive: true })
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Innkeeper</title>')
  writeFileSync(join(staticDir, 'assets', 'index-abc.js'), 'export {}')
  // A second server on the same database folder is refused, so the static test gets its own.
})
afterAll(() => server?.stop())

describe('config and health', () => {
  it('GET /config.json gives the page its Supabase URL and anon key', async () => {
    const response = await fetch(`${server.url}/config.json`)
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({ supabaseUrl: server.url, supabaseAnonKey: server.anonKey })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('GET /health is ok', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({ status: 'ok' })
  })
})

describe('CORS (contract 1.4)', () => {
  it('answers a preflight with the requested headers echoed', async () => {
    const response = await fetch(`${server.url}/rest/v1/cabins?select=*`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers':
          'apikey, authorization, x-client-info, prefer, content-profile, x-upsert',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'apikey, authorization, x-client-info, prefer, content-profile, x-upsert',
    )
    expect(response.headers.get('access-control-max-age')).toBe('86400')
  })

  it('exposes Content-Range and X-Supabase-Api-Version to the page', async () => {
    const response = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } })
    const exposed = response.headers.get('access-control-expose-headers')!.toLowerCase()
    expect(exposed).toContain('content-range')
    expect(exposed).toContain('x-supabase-api-version')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('API keys (the gateway check)', () => {
  it.each(['/rest/v1/cabins?select=*', '/auth/v1/user'])('%s needs an apikey', async (path) => {
    const missing = await fetch(`${server.url}${path}`)
    expect(missing.status).toBe(401)
    expect(await json(missing)).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
    const wrong = await fetch(`${server.url}${path}`, { headers: { apikey: 'not-a-key' } })
    expect(wrong.status).toBe(401)
    expect((await json(wrong)).message).toBe('Invalid API key')
  })

  it.each(['/storage/v1/bucket', '/storage/v1/object/public/cabin-images/nothing.png'])(
    "%s refuses an apikey that is not one of this server's keys, rather than taking it as anon",
    async (path) => {
      const wrong = await fetch(`${server.url}${path}`, { headers: { apikey: 'not-a-key' } })
      expect(wrong.status).toBe(401)
      expect(await json(wrong)).toEqual({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      })
    },
  )

  it('storage needs none for public objects', async () => {
    const response = await fetch(`${server.url}/storage/v1/object/public/cabin-images/nothing.png`)
    expect(response.status).toBe(400)
    expect((await json(response)).statusCode).toBe('404')
  })
})

describe('security headers', () => {
  it('are on every API response', async () => {
    for (const path of [
      '/health',
      '/config.json',
      '/auth/v1/user',
      '/storage/v1/object/public/x/y.png',
      '/nowhere',
    ]) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer')
    }
  })
})

describe('request body limits', () => {
  const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) })

  it('auth answers 413 in its own error shape', async () => {
    const response = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: big,
    })
    expect(response.status).toBe(413)
    expect((await json(response)).code).toBe('request_too_large')
  })

  it('rest answers 413 in the PostgREST shape', async () => {
    const response = await fetch(`${server.url}/rest/v1/guests`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: big,
    })
    expect(response.status).toBe(413)
    expect(Object.keys(await json(response)).sort()).toEqual(['code', 'details', 'hint', 'message'])
  })
})

describe('one server per data folder', () => {
  it('refuses to start a second server on the same folder', async () => {
    await expect(startServer({ dataDir: server.dataDir, port: 0, log: false })).rejects.toThrow(
      /in use by process/,
    )
  })
})

describe('web mode and lifecycle', () => {
  it('serves the renderer with a strict page policy, logs without secrets, and closes gracefully', async () => {
    const lines: string[] = []
    let accessToken: string | undefined
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    const dataDir = join(server.dataDir, 'web')
    const web = await startServer({
      dataDir,
      port: 0,
      staticDir: join(server.dataDir, 'renderer'),
      demo: true,
    })
    try {
      const page = await fetch(`${web.url}/`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const csp = page.headers.get('content-security-policy')!
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("default-src 'self'")
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      const asset = await fetch(`${web.url}/assets/index-abc.js`)
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await fetch(`${web.url}/../../etc/passwd`)).status).toBe(404)

      const signIn = await fetch(`${web.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: web.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      })
      const session = await json(signIn)
      accessToken = session.access_token
      expect(accessToken).toBeTruthy()
      await fetch(`${web.url}/rest/v1/cabins?select=id&name=eq.secret-filter-value`, {
        headers: { apikey: web.anonKey, Authorization: `Bearer ${session.access_token}` },
      })

      // A request still sending its body when close() is called is answered before the server stops.
      // "100 Continue" says the server has read the headers and begun handling the request.
      const body = JSON.stringify({ email: DEMO_EMAIL, password: 'wrong-password' })
      const req = request(`${web.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: web.anonKey,
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          Expect: '100-continue',
        },
      })
      const inFlight = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
      })
      req.flushHeaders()
      await once(req, 'continue')
      req.write(body.slice(0, 10))
      const closed = web.close()
      req.end(body.slice(10))
      expect(await inFlight).toBe(400)
      await closed
      await expect(fetch(`${web.url}/health`)).rejects.toThrow()
    } finally {
      write.mockRestore()
      await web.close()
    }
    const requests = lines.filter((line) => line.includes('"msg":"request"')).map((line) => JSON.parse(line))
    expect(requests.length).toBeGreaterThanOrEqual(4)
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/', status: 200, ms: expect.any(Number) })
    const all = lines.join('\n')
    for (const secret of [
      DEMO_PASSWORD,
      'wrong-password',
      web.anonKey,
      'secret-filter-value',
      accessToken!,
    ]) {
      expect(all).not.toContain(secret)
    }
    expect(all).toContain('/rest/v1/cabins?select&name')
  })

  it('keeps stored image URLs working when the server comes back on another port', async () => {
    const dataDir = join(server.dataDir, 'web')
    // Another program holds the port the folder had (which a server would take again).
    const lastPort = Number(readFileSync(join(dataDir, 'last-port'), 'utf8'))
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(lastPort, '127.0.0.1', resolve))
    const again = await startServer({ dataDir, port: 0, log: false }).finally(() => holder.close())
    try {
      expect(again.url).not.toBe(`http://127.0.0.1:${lastPort}`)
      const client = supabaseClient(again.url, again.anonKey)
      await client.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
      const { data, error } = await client.from('cabins').select('image')
      expect(error).toBeNull()
      expect(data!.length).toBeGreaterThan(0)
      for (const { image } of data!) {
        expect(image?.startsWith(`${again.url}/storage/v1/object/public/cabin-images/`)).toBe(true)
      }
      const picture = await fetch(data![0].image!)
      expect(picture.status).toBe(200)
      expect(picture.headers.get('content-type')).toBe('image/png')
    } finally {
      await again.close()
    }
  })
})
