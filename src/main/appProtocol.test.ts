import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppProtocolHandler } from './appProtocol'

const root = join('/opt', 'Innkeeper', 'renderer')
const files = new Map([
  [join(root, 'index.html'), '<!doctype html><div id="root"></div>'],
  [join(root, 'assets', 'index-abc.js'), 'console.log(1)'],
  [join('/opt', 'Innkeeper', 'secret.txt'), 'secret'],
])

const handler = createAppProtocolHandler({
  rootDir: root,
  readFile: async (path) => {
    const text = files.get(path)
    if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
    return new TextEncoder().encode(text)
  },
  contentSecurityPolicy: () => "default-src 'self'",
})

const get = (url: string) => handler(new Request(url))

describe('app:// protocol handler', () => {
  it('serves the renderer with its content type and the CSP header', async () => {
    const response = await get('app://innkeeper/index.html')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'self'")
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(await response.text()).toContain('id="root"')

    const script = await get('app://innkeeper/assets/index-abc.js')
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
  })

  it('serves index.html for the bare origin', async () => {
    expect(await (await get('app://innkeeper/')).text()).toContain('id="root"')
  })

  it('never serves a file outside the renderer folder', async () => {
    expect((await get('app://innkeeper/../secret.txt')).status).toBe(404)
    expect((await get('app://innkeeper/%2e%2e/secret.txt')).status).toBe(404)
    expect((await get('app://innkeeper/assets/..%2f..%2fsecret.txt')).status).toBe(404)
    expect((await get('app://innkeeper/%2e%2e%5csecret.txt')).status).toBe(404)
  })

  it('answers 404 for other hosts, missing files and non-GET requests', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(404)
    expect((await get('app://innkeeper/missing.js')).status).toBe(404)
    expect(
      (await handler(new Request('app://innkeeper/index.html', { method: 'POST', body: 'x' }))).status,
    ).toBe(404)
  })
})
