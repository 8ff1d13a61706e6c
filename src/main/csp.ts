/**
 * The Content-Security-Policy sent with every renderer response. The page may load only its own
 * files and talk only to the one backend it is connected to (REST, auth, storage and realtime).
 */
export interface CspOptions {
  /** The backend supabase-js talks to: http://127.0.0.1:PORT locally, the project URL when hosted. */
  backendUrl?: string
  /** The electron-vite dev server, whose HMR client and React refresh preamble need more room. */
  devServerUrl?: string
}

export function buildCsp({ backendUrl, devServerUrl }: CspOptions): string {
  const backend = backendUrl ? [new URL(backendUrl).origin, socketOrigin(backendUrl)] : []
  const dev = devServerUrl ? [new URL(devServerUrl).origin, socketOrigin(devServerUrl)] : []
  const backendHttp = backend.slice(0, 1)

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Dev only: the React refresh preamble Vite injects is an inline script.
    'script-src': ["'self'", ...(devServerUrl ? ["'unsafe-inline'"] : [])],
    // Ant Design's CSS-in-JS writes <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...backendHttp],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...backend, ...dev],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

function socketOrigin(url: string): string {
  const { protocol, host } = new URL(url)
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`
}
