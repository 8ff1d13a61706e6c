/** Where the page finds its backend: the answer of /config.json. */
export interface PageConfig {
  supabaseUrl: string
  supabaseAnonKey: string
}

/**
 * The config as <meta> tags for the page's <head>. The renderer reads them as it starts instead of
 * fetching /config.json, a request that would queue behind the screen's scripts. Meta tags run
 * nothing, so the page policy (script-src 'self') stays as strict. Read by the renderer's
 * platform/web.ts under the same names.
 */
export function pageConfigMarkup(config: PageConfig): string {
  return Object.entries(config)
    .map(([key, value]) => `<meta name="innkeeper:${key}" content="${escapeAttribute(value)}">`)
    .join('')
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
