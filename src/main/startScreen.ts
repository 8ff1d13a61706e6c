import { createHash } from 'node:crypto'
import iconSvg from '../../resources/icon.svg?raw'

/**
 * What the window shows from the moment the app is opened until the renderer takes over: the local
 * database can take several seconds to start (longer on a first run or a slow disk), and a window at
 * once tells the desk that Innkeeper is on its way, and gives it a taskbar entry. If the start fails,
 * the same screen says what failed while a dialog over it offers the ways out (Try again, Show logs,
 * Quit).
 *
 * A static page made here, shown from a data: URL: no script at all, and a Content Security Policy
 * that allows only its own stylesheet (by hash) and the app's icon (a data: image).
 */

export type StartScreenState =
  | { kind: 'starting' }
  | {
      kind: 'failed'
      /** One line: what failed. */
      title: string
      /** Why, and where the data is. */
      detail: string
    }

const STYLE = `
  :root { color-scheme: light; font-family: "Segoe UI", system-ui, -apple-system, sans-serif; }
  body { margin: 0; height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f5f7fa; color: #1f2937; }
  main { max-width: 560px; padding: 32px; text-align: center; }
  .icon { width: 96px; height: 96px; }
  .brand { font-size: 34px; font-weight: 600; letter-spacing: 0.5px; color: #4f46e5; margin: 0 0 8px; }
  .status { font-size: 16px; margin: 24px 0 8px; }
  .detail { font-size: 14px; color: #4b5563; white-space: pre-wrap; text-align: left; }
  .hint { font-size: 14px; color: #4b5563; }
  .spinner { width: 28px; height: 28px; margin: 24px auto 0; border-radius: 50%;
    border: 3px solid #e0e7ff; border-top-color: #4f46e5; animation: spin 0.9s linear infinite; }
  .failed .status { color: #b91c1c; font-weight: 600; }
  @keyframes spin { to { transform: rotate(360deg); } }
`

export const START_SCREEN_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256')
  .update(STYLE)
  .digest('base64')}'; img-src data:; base-uri 'none'; form-action 'none'`

const ICON = `<img class="icon" alt="" src="data:image/svg+xml;base64,${Buffer.from(iconSvg).toString('base64')}">`

export function startScreenHtml(state: StartScreenState): string {
  const body =
    state.kind === 'starting'
      ? `<main aria-busy="true">
  ${ICON}
  <p class="brand">Innkeeper</p>
  <p class="status" role="status">Starting Innkeeper’s local database…</p>
  <p class="hint">The first start on this computer takes a little longer.</p>
  <div class="spinner" aria-hidden="true"></div>
</main>`
      : `<main class="failed">
  ${ICON}
  <p class="brand">Innkeeper</p>
  <p class="status" role="alert">${escapeHtml(state.title)}</p>
  <p class="detail">${escapeHtml(state.detail)}</p>
</main>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${START_SCREEN_CSP}">
<title>Innkeeper</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`
}

export function startScreenUrl(state: StartScreenState): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(startScreenHtml(state))}`
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )
}
