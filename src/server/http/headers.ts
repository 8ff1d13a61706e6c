import type { IncomingHttpHeaders } from 'node:http'

/**
 * Sent on every response, API or page. The policy fits answers that are data (JSON, scripts, fonts):
 * opened as a document they may load nothing and run nothing, and nothing may frame them. Pages and
 * stored objects replace it with their own policy; X-Frame-Options stays for browsers without CSP 2.
 */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
}

/**
 * The renderer's page policy in web mode, where page, API and images share one origin. Styles may be
 * inline because Ant Design injects its CSS-in-JS as <style> elements; images may be data:/blob:
 * (previews of picked files). The desktop shell sets its own policy for a hosted Supabase project.
 */
export const HTML_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** Stored files are served as data, never as a document that could run script (issue 7). */
export const STORED_OBJECT_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS'

/** Headers browsers must be allowed to read (contract 1.4): REST counts, auth error versions, storage caching. */
const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Content-Length',
  'Content-Disposition',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'ETag',
  'Last-Modified',
  'Cache-Control',
  'Retry-After',
  'sb-auth-user-id',
  'sb-auth-session-id',
  'x-sb-error-code',
].join(', ')

const DEFAULT_ALLOWED_HEADERS =
  'Authorization, apikey, Content-Type, Accept, Accept-Profile, Content-Profile, Prefer, Range, ' +
  'X-Client-Info, X-Supabase-Api-Version, x-upsert, x-metadata, Cache-Control, X-Retry-Count'

/**
 * Requests carry tokens in headers, never cookies, so any origin may call like on Supabase; the
 * Electron renderer and a dev server on another port need that.
 */
export function corsHeaders(): Record<string, string> {
  return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS }
}

/** Preflight answer: PostgREST echoes whatever headers the browser asks for. */
export function preflightHeaders(requestHeaders: IncomingHttpHeaders): Record<string, string> {
  const requested = requestHeaders['access-control-request-headers']
  const echo = typeof requested === 'string' && /^[\w\-, ]{1,1000}$/.test(requested)
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': echo ? requested : DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
    Vary: 'Access-Control-Request-Headers',
  }
}
