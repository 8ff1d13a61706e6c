import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { serveStatic } from './static'

let root: string
let outside: string

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'innkeeper-static-'))
  root = join(base, 'renderer')
  outside = join(base, 'secret.txt')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Innkeeper</title>')
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(root, 'favicon.svg'), '<svg/>')
  writeFileSync(outside, 'do not serve')
  symlinkSync(outside, join(root, 'link.txt'))
})

describe('serveStatic', () => {
  it('serves index.html for / with the page security policy', async () => {
    const response = await serveStatic(root, 'GET', '/')
    expect(response.status).toBe(200)
    expect(response.headers?.['Content-Type']).toBe('text/html; charset=utf-8')
    expect(response.headers?.['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(response.headers?.['Content-Security-Policy']).toContain("script-src 'self'")
    expect(response.headers?.['Cache-Control']).toBe('no-cache')
  })

  it('serves fingerprinted assets as immutable with their content type', async () => {
    const response = await serveStatic(root, 'GET', '/assets/index-abc123.js')
    expect(response.headers?.['Content-Type']).toBe('text/javascript; charset=utf-8')
    expect(response.headers?.['Cache-Control']).toContain('immutable')
    expect(response.headers?.['Content-Security-Policy']).toBeUndefined()
  })

  it('answers HEAD without a body', async () => {
    const response = await serveStatic(root, 'HEAD', '/favicon.svg')
    expect(response.status).toBe(200)
    expect(response.body).toBeUndefined()
    expect(response.headers?.['Content-Length']).toBe('6')
  })

  it('does not fall back to index.html for other paths (the app uses a hash router)', async () => {
    expect((await serveStatic(root, 'GET', '/dashboard')).status).toBe(404)
    expect((await serveStatic(root, 'GET', '/assets')).status).toBe(404)
  })

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%00',
    '/%E0%A4%A',
  ])('never leaves the folder: %s', async (path) => {
    expect((await serveStatic(root, 'GET', path)).status).toBe(404)
  })

  it('does not follow a symlink out of the folder', async () => {
    expect((await serveStatic(root, 'GET', '/link.txt')).status).toBe(404)
  })

  it('refuses writes', async () => {
    expect((await serveStatic(root, 'POST', '/')).status).toBe(405)
  })
})
