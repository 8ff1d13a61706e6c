import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * Everything that keeps the renderer in its box. The renderer only shows Innkeeper's own pages;
 * it reaches the outside world through supabase-js and the named functions of the preload.
 */

export function secureWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Innkeeper',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  }
}

/** Whether a URL belongs to the renderer (same scheme, host and port as its start URL). */
export function isRendererUrl(url: string | undefined, rendererUrl: string): boolean {
  if (!url) return false
  try {
    const candidate = new URL(url)
    const renderer = new URL(rendererUrl)
    // Compared by parts: URL.origin is "null" for custom schemes such as app://.
    return candidate.protocol === renderer.protocol && candidate.host === renderer.host
  } catch {
    return false
  }
}

export function isExternalHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** The part of WebContents the guards attach to; a fake in tests. */
export interface GuardedContents {
  on(
    event: 'will-frame-navigate',
    listener: (event: { preventDefault(): void; url: string; isMainFrame: boolean }) => void,
  ): unknown
  on(event: 'will-redirect', listener: (event: { preventDefault(): void }) => void): unknown
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
}

/**
 * Denies every navigation, redirect, webview and new window, except the main frame loading the
 * renderer's own pages again: a reload (the error screen's "Try again", a dev server's full reload)
 * fires will-frame-navigate too. The app routes with a hash router, which never navigates the page;
 * links to the web open in the system browser instead.
 */
export function guardWebContents(
  contents: GuardedContents,
  rendererUrl: string,
  openExternal: (url: string) => unknown,
): void {
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame && isRendererUrl(event.url, rendererUrl)) return
    event.preventDefault()
    if (event.isMainFrame && isExternalHttpUrl(event.url)) void openExternal(event.url)
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttpUrl(url)) void openExternal(url)
    return { action: 'deny' }
  })
}

/** The part of Session whose permission hooks are closed; a fake in tests. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void
  setDevicePermissionHandler(handler: () => boolean): void
}

/**
 * Chromium's Local Network Access gates requests from a non-local page (app:// is one) to this
 * computer behind a permission. The renderer must reach the embedded backend on 127.0.0.1, so
 * that one is granted to the renderer itself; the names are Chromium's (split in Chromium 145).
 */
const LOOPBACK_PERMISSIONS = new Set(['local-network-access', 'loopback-network'])

/**
 * A back office needs no camera, microphone, location, notifications or devices: every
 * permission is refused, except reaching the local backend from the renderer's own page.
 */
export function lockDownPermissions(session: PermissionSession, rendererUrl: string): void {
  const allowed = (permission: string, url: string | undefined) =>
    LOOPBACK_PERMISSIONS.has(permission) && isRendererUrl(url, rendererUrl)
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details?.requestingUrl)),
  )
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowed(permission, requestingOrigin),
  )
  session.setDevicePermissionHandler(() => false)
}

/** The part of an IPC event the sender check reads. */
export interface IpcSenderEvent {
  senderFrame: { url: string; parent: unknown } | null
}

/** Only the renderer's own top-level page may call main; not a subframe, not a foreign page. */
export function isTrustedSender(event: IpcSenderEvent, rendererUrl: string): boolean {
  const frame = event.senderFrame
  return frame !== null && frame.parent === null && isRendererUrl(frame.url, rendererUrl)
}
