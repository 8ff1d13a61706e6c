import { realpath, readFile, stat } from 'node:fs/promises'
import { extname, join, sep } from 'node:path'
import { contentTypeFor } from '@shared/contentTypes'
import { HTML_SECURITY_HEADERS } from './headers'
import type { ApiResponse } from './types'

const NOT_FOUND: ApiResponse = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: 'Not found',
}

/**
 * Serves the built renderer. The app routes with a hash router, so only '/' maps to index.html and
 * every other unknown path is a 404 rather than a page. Paths are resolved inside `root` and checked
 * again after following symlinks, so neither '..' nor a link can reach a file outside it.
 */
export async function serveStatic(root: string, method: string, rawPath: string): Promise<ApiResponse> {
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      body: '',
    }
  }
  let path: string
  try {
    path = decodeURIComponent(rawPath)
  } catch {
    return NOT_FOUND
  }
  if (path.includes('\0') || path.split(/[\\/]/).some((segment) => segment === '..')) return NOT_FOUND
  const relative = path === '/' ? 'index.html' : path.replace(/^\/+/, '')

  const file = await resolveInside(root, relative)
  if (!file) return NOT_FOUND
  const body = await readFile(file)
  const isHtml = extname(file).toLowerCase() === '.html'
  const headers: Record<string, string> = {
    'Content-Type': contentTypeFor(file),
    'Content-Length': String(body.length),
    // Vite fingerprints everything under assets/, so those never change; anything else is revalidated.
    'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(isHtml ? HTML_SECURITY_HEADERS : {}),
  }
  return { status: 200, headers, body: method === 'HEAD' ? undefined : body }
}

async function resolveInside(root: string, relative: string): Promise<string | undefined> {
  try {
    const realRoot = await realpath(root)
    const real = await realpath(join(realRoot, relative))
    if (!real.startsWith(realRoot + sep)) return undefined
    const info = await stat(real)
    return info.isFile() ? real : undefined
  } catch {
    return undefined
  }
}
