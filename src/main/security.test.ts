import { describe, expect, it, vi } from 'vitest'
import {
  guardWebContents,
  isRendererUrl,
  isTrustedSender,
  lockDownPermissions,
  secureWindowOptions,
  type GuardedContents,
  type PermissionSession,
} from './security'

describe('secureWindowOptions', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security on', () => {
    const { webPreferences } = secureWindowOptions('/app/out/preload/index.cjs')
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })
})

/** A stand-in for WebContents that records the listeners the guards attach. */
function fakeContents() {
  const listeners = new Map<string, (event: never) => void>()
  let windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | undefined
  const contents = {
    on: (name: string, listener: (event: never) => void) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof windowOpenHandler) => {
      windowOpenHandler = handler
    },
  } as GuardedContents
  const emit = (name: string, details: object = {}) => {
    const event = { preventDefault: vi.fn(), ...details }
    listeners.get(name)!(event as never)
    return event
  }
  return { contents, emit, openWindow: (url: string) => windowOpenHandler!({ url }) }
}

describe('guardWebContents', () => {
  it('denies every navigation and sends web links to the system browser', () => {
    const { contents, emit } = fakeContents()
    const openExternal = vi.fn()
    guardWebContents(contents, 'app://innkeeper/index.html', openExternal)

    const toWeb = emit('will-frame-navigate', { url: 'https://example.com/help', isMainFrame: true })
    expect(toWeb.preventDefault).toHaveBeenCalled()
    expect(openExternal).toHaveBeenCalledWith('https://example.com/help')

    const toFile = emit('will-frame-navigate', { url: 'file:///etc/passwd', isMainFrame: true })
    expect(toFile.preventDefault).toHaveBeenCalled()
    const inFrame = emit('will-frame-navigate', { url: 'https://example.com/ad', isMainFrame: false })
    expect(inFrame.preventDefault).toHaveBeenCalled()
    expect(openExternal).toHaveBeenCalledTimes(1)
  })

  it('lets the main frame reload the renderer’s own pages, and nothing that only looks like them', () => {
    for (const rendererUrl of ['app://innkeeper/index.html', 'http://localhost:5173']) {
      const { contents, emit } = fakeContents()
      const openExternal = vi.fn()
      guardWebContents(contents, rendererUrl, openExternal)
      const reload = emit('will-frame-navigate', { url: `${rendererUrl}#/bookings`, isMainFrame: true })
      expect(reload.preventDefault).not.toHaveBeenCalled()
      const framed = emit('will-frame-navigate', { url: rendererUrl, isMainFrame: false })
      expect(framed.preventDefault).toHaveBeenCalled()
      expect(openExternal).not.toHaveBeenCalled()
    }
    const { contents, emit } = fakeContents()
    guardWebContents(contents, 'http://localhost:5173', vi.fn())
    for (const url of [
      'http://localhost:5174/',
      'http://localhost.evil.example:5173/',
      'file:///index.html',
    ]) {
      expect(emit('will-frame-navigate', { url, isMainFrame: true }).preventDefault).toHaveBeenCalled()
    }
  })

  it('denies redirects and webviews', () => {
    const { contents, emit } = fakeContents()
    guardWebContents(contents, 'app://innkeeper/index.html', vi.fn())
    expect(emit('will-redirect').preventDefault).toHaveBeenCalled()
    expect(emit('will-attach-webview').preventDefault).toHaveBeenCalled()
  })

  it('denies window.open, opening http(s) links externally and nothing else', () => {
    const { contents, openWindow } = fakeContents()
    const openExternal = vi.fn()
    guardWebContents(contents, 'app://innkeeper/index.html', openExternal)

    expect(openWindow('https://supabase.com/docs')).toEqual({ action: 'deny' })
    expect(openWindow('javascript:alert(1)')).toEqual({ action: 'deny' })
    expect(openWindow('file:///C:/Windows/system32/calc.exe')).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledTimes(1)
    expect(openExternal).toHaveBeenCalledWith('https://supabase.com/docs')
  })
})

describe('lockDownPermissions', () => {
  function lockedDown() {
    let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | undefined
    let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | undefined
    let device: (() => boolean) | undefined
    lockDownPermissions(
      {
        setPermissionRequestHandler: (handler) => (request = handler),
        setPermissionCheckHandler: (handler) => (check = handler),
        setDevicePermissionHandler: (handler) => (device = handler),
      },
      'app://innkeeper/index.html',
    )
    const requested = (permission: string, requestingUrl: string) => {
      const callback = vi.fn()
      request!({}, permission, callback, { requestingUrl })
      return callback.mock.calls[0]![0] as boolean
    }
    return { requested, check: check!, device: device! }
  }

  it('refuses every permission request and check', () => {
    const { requested, check, device } = lockedDown()
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'unknown',
    ]) {
      expect(requested(permission, 'app://innkeeper/index.html')).toBe(false)
      expect(check({}, permission, 'app://innkeeper')).toBe(false)
    }
    expect(device()).toBe(false)
  })

  it('lets only the renderer reach the backend on this computer (Local Network Access)', () => {
    const { requested, check } = lockedDown()
    expect(requested('loopback-network', 'app://innkeeper/index.html#/cabins')).toBe(true)
    expect(check({}, 'local-network-access', 'app://innkeeper')).toBe(true)
    expect(requested('loopback-network', 'https://evil.example/')).toBe(false)
    expect(check({}, 'loopback-network', 'https://evil.example')).toBe(false)
    expect(requested('local-network', 'app://innkeeper/index.html')).toBe(false)
  })
})

describe('isTrustedSender', () => {
  const packaged = 'app://innkeeper/index.html'
  const dev = 'http://localhost:5173'
  const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } })

  it('accepts the renderer’s own top-level page, on any route', () => {
    expect(isTrustedSender(frame('app://innkeeper/index.html#/bookings?page=2'), packaged)).toBe(true)
    expect(isTrustedSender(frame('http://localhost:5173/#/dashboard'), dev)).toBe(true)
  })

  it('refuses other origins, subframes and a missing frame', () => {
    expect(isTrustedSender(frame('app://evil/index.html'), packaged)).toBe(false)
    expect(isTrustedSender(frame('https://innkeeper.example/index.html'), packaged)).toBe(false)
    expect(isTrustedSender(frame('file:///tmp/index.html'), packaged)).toBe(false)
    expect(isTrustedSender(frame('http://localhost:5174/'), dev)).toBe(false)
    expect(isTrustedSender(frame('app://innkeeper/index.html', { url: 'app://innkeeper/' }), packaged)).toBe(
      false,
    )
    expect(isTrustedSender({ senderFrame: null }, packaged)).toBe(false)
  })

  it('compares custom-scheme URLs by parts, since their origin is "null"', () => {
    expect(new URL(packaged).origin).toBe('null')
    expect(isRendererUrl('app://innkeeper/assets/index.js', packaged)).toBe(true)
    expect(isRendererUrl('not a url', packaged)).toBe(false)
  })
})
