import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The wiring in index.ts, run against a stand-in for Electron: the backend is the fake child
// of the lifecycle tests, forked with child_process behind a utilityProcess-shaped object.

const fakeBackend = fileURLToPath(new URL('./__fixtures__/fake-backend.mjs', import.meta.url))

const electron = vi.hoisted(() => ({
  current: undefined as unknown as ReturnType<typeof createFakeElectron>,
}))

// Each test gets a fresh stand-in; the module mock forwards to whichever is current.
vi.mock('electron', () => {
  const current = (name: string) => Reflect.get(electron.current, name)
  const forward = (name: string) =>
    new Proxy(function () {}, {
      get: (_target, key) => {
        const value = Reflect.get(current(name), key)
        return typeof value === 'function' ? value.bind(current(name)) : value
      },
      construct: (_target, args) => Reflect.construct(current(name), args),
    })
  const names = [
    'app',
    'BrowserWindow',
    'dialog',
    'ipcMain',
    'protocol',
    'session',
    'shell',
    'utilityProcess',
  ]
  return Object.fromEntries(names.map((name) => [name, forward(name)]))
})
vi.mock('electron-updater', () => ({
  default: { autoUpdater: { setFeedURL: vi.fn(), checkForUpdatesAndNotify: vi.fn(async () => null) } },
}))
vi.mock('keytar', () => {
  throw new Error('no keychain in this test')
})

function createFakeElectron(userData: string) {
  const calls: string[] = []
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  let appProtocolHandler: ((request: Request) => Promise<Response>) | undefined

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    getPath: () => userData,
    getAppPath: () => '/app',
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    setAppUserModelId: () => {},
    relaunch: () => {},
    exit: (code: number) => void calls.push(`exit ${code}`),
    quit: () => {
      calls.push('quit')
      const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
      app.emit('before-quit', event)
      if (!event.defaultPrevented) calls.push('quit done')
    },
  })

  class BrowserWindow extends EventEmitter {
    static windows: BrowserWindow[] = []
    static getAllWindows = () => BrowserWindow.windows
    webContents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn(), reload: vi.fn() })
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super()
      BrowserWindow.windows.push(this)
      app.emit('web-contents-created', {}, this.webContents)
      calls.push('window')
    }
    loadURL = vi.fn(async (url: string) => void calls.push(`load ${url}`))
  }

  return {
    calls,
    handlers,
    appRequest: (url: string) => appProtocolHandler!(new Request(url)),
    BrowserWindow,
    app,
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: (_scheme: string, handler: typeof appProtocolHandler) => (appProtocolHandler = handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      },
    },
    shell: { openExternal: vi.fn() },
    dialog: {
      showErrorBox: vi.fn((title: string, _content: string) => void calls.push(`error box: ${title}`)),
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
      showMessageBox: vi.fn(async () => ({ response: 1 })),
    },
    ipcMain: {
      handle: (channel: string, listener: (event: unknown, ...args: unknown[]) => unknown) => {
        calls.push(`ipc ${channel}`)
        handlers.set(channel, listener)
      },
    },
    utilityProcess: {
      fork: (modulePath: string, _args: string[], options: { env: Record<string, string> }) => {
        calls.push(`fork ${modulePath.split(/[/\\]/).pop()}`)
        const child = fork(fakeBackend, [], { env: options.env })
        const utility = Object.assign(new EventEmitter(), {
          postMessage: (message: unknown) => child.send(message as object),
          kill: () => child.kill(),
        })
        child.on('message', (message) => utility.emit('message', message))
        child.on('exit', (code) => utility.emit('exit', code ?? 0))
        return utility
      },
    },
  }
}

let userData: string
beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'innkeeper-main-'))
  electron.current = createFakeElectron(userData)
  vi.resetModules()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(async () => {
  // Quitting stops a backend the test left running.
  electron.current.app.quit()
  await vi.waitFor(() => expect(electron.current.calls).toContain('quit done'), { timeout: 10_000 })
  vi.unstubAllEnvs()
  rmSync(userData, { recursive: true, force: true })
})

async function startMain(env: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  vi.stubEnv('FAKE_BACKEND_LOG', join(userData, 'backend.log'))
  await import('./index')
  const fake = electron.current
  await vi.waitFor(
    () => expect(fake.calls.some((c) => c.startsWith('load ') || c.startsWith('exit'))).toBe(true),
    {
      timeout: 10_000,
    },
  )
  return fake
}

const renderer = { senderFrame: { url: 'app://innkeeper/index.html#/dashboard', parent: null } }

describe('main process wiring', () => {
  it('starts the backend, then registers IPC, then opens a locked-down window on app://', async () => {
    const fake = await startMain()
    expect(fake.calls[0]).toBe('fork server.js')
    expect(fake.calls.indexOf('ipc renderer:backend-config')).toBeLessThan(fake.calls.indexOf('window'))
    expect(fake.calls.at(-1)).toBe('load app://innkeeper/index.html')
    expect(fake.BrowserWindow.windows[0]!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    })
    expect(fake.BrowserWindow.windows[0]!.webContents.setWindowOpenHandler).toHaveBeenCalled()
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled()
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ])

    expect(await fake.handlers.get('renderer:backend-config')!(renderer)).toEqual({
      supabaseUrl: 'http://127.0.0.1:43210',
      supabaseAnonKey: 'anon-key',
    })
    const page = await fake.appRequest('app://innkeeper/index.html')
    expect(page.headers.get('Content-Security-Policy')).toContain("connect-src 'self' http://127.0.0.1:43210")
  })

  it('stops the backend cleanly before quitting', async () => {
    const fake = await startMain()
    fake.app.quit()
    await vi.waitFor(() => expect(fake.calls).toContain('quit done'), { timeout: 10_000 })
    const { readFileSync } = await import('node:fs')
    expect(readFileSync(join(userData, 'backend.log'), 'utf8')).toContain('database closed')
  })

  it('shows the reason and the data folder, not a blank window, when the backend cannot start', async () => {
    const fake = await startMain({ FAKE_BACKEND: 'error' })
    expect(fake.calls).toContain('error box: Innkeeper could not start')
    expect(fake.dialog.showErrorBox.mock.calls[0]![1]).toContain(join(userData, 'data'))
    expect(fake.calls).toContain('exit 1')
    expect(fake.BrowserWindow.windows).toHaveLength(0)
  })

  it('opens on a hosted project without starting the local backend', async () => {
    const { writeFileSync } = await import('node:fs')
    writeFileSync(
      join(userData, 'innkeeper-config.json'),
      JSON.stringify({
        backend: { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'k' },
      }),
    )
    const fake = await startMain()
    expect(fake.calls.some((c) => c.startsWith('fork'))).toBe(false)
    expect(await fake.handlers.get('renderer:backend-config')!(renderer)).toEqual({
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'k',
    })
  })
})
