import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { contentTypeFor } from '@shared/contentTypes'
import { HTML_SECURITY_HEADERS } from './headers'
import type { ApiResponse } from './types'

/** One file of the built renderer, with the headers it is sent with. */
interface StaticFile {
  body: Buffer
  headers: Record<string, string>
  isPage: boolean
}

/** The built renderer's files by URL path ('/assets/index-abc123.js'). */
export type StaticFiles = ReadonlyMap<string, StaticFile>

const NOT_FOUND: ApiResponse = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: 'Not found',
}

/**
 * Reads the built renderer once, at start (about 3.5 MB): a request is then a lookup, with no file
 * system work. A page load asks for some thirty files, and on a busy machine each trip through
 * the file system (resolve links, stat, open, read, close) waited its turn. Only what was read is
 * ever served, so neither '..' nor a symlink that leads out of the folder can reach anything else.
 * The process serves the build it started with: after a rebuild, restart it.
 */
export function loadStaticFiles(root: string): StaticFiles {
  const files = new Map<string, StaticFile>()
  const realRoot = realpathSync(root)
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      // Real folders only: a linked folder could lead out of the root or back into itself.
      if (entry.isDirectory()) visit(path)
      else if (entry.isFile() || entry.isSymbolicLink()) {
        const real = realpathIfInside(realRoot, path)
        if (real) {
          const urlPath = '/' + relative(realRoot, path).split(sep).join('/')
          files.set(urlPath, readStaticFile(real, urlPath))
        }
      }
    }
  }
  visit(realRoot)
  return files
}

function realpathIfInside(realRoot: string, path: string): string | undefined {
  try {
    const real = realpathSync(path)
    return real.startsWith(realRoot + sep) && statSync(real).isFile() ? real : undefined
  } catch {
    return undefined
  }
}

function readStaticFile(path: string, urlPath: string): StaticFile {
  const isPage = urlPath.endsWith('.html')
  const headers = {
    'Content-Type': contentTypeFor(urlPath),
    // Vite fingerprints everything under assets/, so those never change; anything else is revalidated.
    'Cache-Control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(isPage ? HTML_SECURITY_HEADERS : {}),
  }
  return { body: readFileSync(path), headers, isPage }
}

/**
 * Serves the built renderer. The app routes with a hash router, so only '/' maps to index.html and
 * every other unknown path is a 404 rather than a page. `pageHead` gives markup to add to the page's
 * <head> (what this server tells the page about itself).
 */
export async function serveStatic(
  files: StaticFiles,
  method: string,
  rawPath: string,
  pageHead?: () => string,
): Promise<ApiResponse> {
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
  const file = files.get(path === '/' ? '/index.html' : path)
  if (!file) return NOT_FOUND
  const body = pageHead && file.isPage ? withHead(file.body, pageHead()) : file.body
  return {
    status: 200,
    headers: { ...file.headers, 'Content-Length': String(body.length) },
    body: method === 'HEAD' ? undefined : body,
  }
}

function withHead(html: Buffer, markup: string): Buffer {
  const text = html.toString('utf8')
  const end = text.indexOf('</head>')
  return end < 0 ? html : Buffer.from(text.slice(0, end) + markup + text.slice(end))
}
