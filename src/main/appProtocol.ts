import { join, normalize, sep } from 'node:path'
import { contentTypeFor } from '../shared/contentTypes'

/**
 * The packaged renderer is served from app://innkeeper/ rather than file://. A privileged
 * standard scheme gives the page a real, stable origin ('self' in the CSP means exactly our
 * files, and localStorage such as the dark-mode choice stays put across runs), lets every
 * response carry the CSP as a header (file:// responses have no headers, and a <meta> policy
 * cannot express frame-ancestors), and keeps the page from reading arbitrary local files, which
 * any file:// page may request.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'innkeeper'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

/** Passed to protocol.registerSchemesAsPrivileged before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer). */
  rootDir: string
  readFile(path: string): Promise<Uint8Array>
  /** Read per request: the backend origin can change when the connection is switched. */
  contentSecurityPolicy(): string
}

export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const root = normalize(options.rootDir + sep)

  return async (request) => {
    const url = new URL(request.url)
    if (url.host !== APP_HOST || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return new Response('Not found', { status: 404 })
    }
    let relative: string
    try {
      relative = decodeURIComponent(url.pathname)
    } catch {
      return new Response('Bad request', { status: 400 })
    }
    if (relative === '/' || relative === '') relative = '/index.html'
    const file = normalize(join(root, relative))
    if (!file.startsWith(root) || relative.includes('\0')) return new Response('Not found', { status: 404 })

    let body: Uint8Array
    try {
      body = await options.readFile(file)
    } catch {
      return new Response('Not found', { status: 404 })
    }
    return new Response(request.method === 'HEAD' ? null : new Blob([body as Uint8Array<ArrayBuffer>]), {
      status: 200,
      headers: {
        'Content-Type': contentTypeFor(file),
        'Content-Security-Policy': options.contentSecurityPolicy(),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    })
  }
}
