import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadStaticFiles, serveStatic, type StaticFiles } from './static'

const PAGE = '<!doctype html><html><head><title>Innkeeper</title></head><body></body></html>'

let base: string
let root: string
let outside: string
let files: StaticFiles

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'innkeeper-static-'))
  root = join(base, 'renderer')
  outside = join(base, 'secret.txt')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), PAGE)
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(root, 'favicon.svg'), '<svg/>')
  writeFileSync(outside, 'do not serve')
  symlinkSync(outside, join(root, 'link.txt'))
  symlinkSync(base, join(root, 'linked-folder'))
  files = loadStaticFiles(root)
})

describe('serveStatic', () => {
  it('serves index.html for / with the page security policy', async () => {
    const response = await serveStatic(files, 'GET', '/')
    expect(response.status).toBe(200)
    expect(response.headers?.['Content-Type']).toBe('text/html; charset=utf-8')
    expect(response.headers?.['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(response.headers?.['Content-Security-Policy']).toContain("script-src 'self'")
    expect(response.headers?.['Cache-Control']).toBe('no-cache')
  })

  it('serves fingerprinted assets as immutable with their content type', async () => {
    const response = await serveStatic(files, 'GET', '/assets/index-abc123.js')
    expect(response.headers?.['Content-Type']).toBe('text/javascript; charset=utf-8')
    expect(response.headers?.['Cache-Control']).toContain('immutable')
    expect(response.headers?.['Content-Security-Policy']).toBeUndefined()
  })

  it('answers HEAD without a body', async () => {
    const response = await serveStatic(files, 'HEAD', '/favicon.svg')
    expect(response.status).toBe(200)
    expect(response.body).toBeUndefined()
    expect(response.headers?.['Content-Length']).toBe('6')
  })

  it('does not fall back to index.html for other paths (the app uses a hash router)', async () => {
    expect((await serveStatic(files, 'GET', '/dashboard')).status).toBe(404)
    expect((await serveStatic(files, 'GET', '/assets')).status).toBe(404)
  })

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%00',
    '/%E0%A4%A',
  ])('never leaves the folder: %s', async (path) => {
    expect((await serveStatic(files, 'GET', path)).status).toBe(404)
  })

  it('does not follow a symlink out of the folder', async () => {
    expect((await serveStatic(files, 'GET', '/link.txt')).status).toBe(404)
  })

  it('does not follow a linked folder out of the folder', async () => {
    expect((await serveStatic(files, 'GET', '/linked-folder/secret.txt')).status).toBe(404)
  })

  it('serves the build it read at start, whatever happens to the folder later', async () => {
    writeFileSync(join(root, 'assets', 'later.js'), 'console.log(2)')
    writeFileSync(join(root, 'favicon.svg'), '<svg>changed</svg>')
    expect((await serveStatic(files, 'GET', '/assets/later.js')).status).toBe(404)
    expect(String((await serveStatic(files, 'GET', '/favicon.svg')).body)).toBe('<svg/>')
    rmSync(join(root, 'assets', 'index-abc123.js'))
    expect(String((await serveStatic(files, 'GET', '/assets/index-abc123.js')).body)).toBe('console.log(1)')

    const reread = loadStaticFiles(root)
    expect((await serveStatic(reread, 'GET', '/assets/later.js')).status).toBe(200)
    expect((await serveStatic(reread, 'GET', '/assets/index-abc123.js')).status).toBe(404)
  })

  it("adds the server's markup to the page's head, and only to the page", async () => {
    const pageHead = () => '<meta name="x" content="y">'
    const page = await serveStatic(files, 'GET', '/', pageHead)
    const html =
      '<!doctype html><html><head><title>Innkeeper</title><meta name="x" content="y"></head><body></body></html>'
    expect(String(page.body)).toBe(html)
    expect(page.headers?.['Content-Length']).toBe(String(Buffer.byteLength(html)))
    const head = await serveStatic(files, 'HEAD', '/index.html', pageHead)
    expect(head.headers?.['Content-Length']).toBe(String(Buffer.byteLength(html)))
    const asset = await serveStatic(files, 'GET', '/assets/index-abc123.js', pageHead)
    expect(String(asset.body)).toBe('console.log(1)')
  })

  it('refuses writes', async () => {
    expect((await serveStatic(files, 'POST', '/')).status).toBe(405)
  })
})
