import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
    'Menu',
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
  const paths: Record<string, string> = { userData }
  /** The environment main gave each backend it started. */
  const backendEnvs: Array<Record<string, string>> = []

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    getPath: (name: string) => paths[name]!,
    setPath: (name: string, path: string) => void (paths[name] = path),
    getAppPath: () => '/app',
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    setAppUserModelId: () => {},
    relaunch: vi.fn(),
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
    isMinimized = () => false
    restore = vi.fn()
    focus = vi.fn()
    show = vi.fn()
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super()
      BrowserWindow.windows.push(this)
      app.emit('web-contents-created', {}, this.webContents)
      calls.push('window')
    }
    loadURL = vi.fn(async (url: string) => {
      calls.push(url.startsWith('data:') ? `load start screen: ${startScreenStatus(url)}` : `load ${url}`)
      this.emit('ready-to-show')
    })
  }

  return {
    calls,
    handlers,
    paths,
    backendEnvs,
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
        webRequest: {
          onHeadersReceived: vi.fn(),
          onBeforeRequest: vi.fn(),
          onCompleted: vi.fn(),
          onErrorOccurred: vi.fn(),
        },
      },
    },
    shell: { openExternal: vi.fn(), openPath: vi.fn(async () => '') },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: vi.fn(),
    },
    dialog: {
      showErrorBox: vi.fn((title: string, _content: string) => void calls.push(`error box: ${title}`)),
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] as string[] })),
      showMessageBox: vi.fn(async () => ({ response: 1 })),
    },
    ipcMain: {
      handle: (channel: string, listener: (event: unknown, ...args: unknown[]) => unknown) => {
        calls.push(`ipc ${channel}`)
        handlers.set(channel, listener)
      },
    },
    utilityProcess: {
      fork: (
        modulePath: string,
        _args: string[],
        options: { env: Record<string, string>; stdio: string },
      ) => {
        calls.push(`fork ${modulePath.split(/[/\\]/).pop()}`)
        backendEnvs.push(options.env)
        // The fake's own switches are test plumbing: main passes nothing of the kind.
        const plumbing = {
          FAKE_BACKEND: process.env.FAKE_BACKEND ?? 'ready',
          FAKE_BACKEND_LOG: process.env.FAKE_BACKEND_LOG!,
        }
        const child = fork(fakeBackend, [], {
          env: { ...options.env, ...plumbing },
          silent: options.stdio === 'pipe',
        })
        const utility = Object.assign(new EventEmitter(), {
          stdout: child.stdout,
          stderr: child.stderr,
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

/** The start screen's status line, read from its data: URL. */
function startScreenStatus(url: string): string {
  const html = decodeURIComponent(url.slice(url.indexOf(',') + 1))
  return /class="status"[^>]*>([^<]*)</.exec(html)![1]!
}

let userData: string
beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'innkeeper-main-'))
  mkdirSync(`${userData}-dev`)
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
  rmSync(`${userData}-dev`, { recursive: true, force: true })
})

/** Runs main and waits until a call starting with `until` (by default: the app loaded). */
async function startMain(env: Record<string, string> = {}, until = 'load app://') {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  vi.stubEnv('FAKE_BACKEND_LOG', join(userData, 'backend.log'))
  await import('./index')
  const fake = electron.current
  await vi.waitFor(() => expect(fake.calls.some((c) => c.startsWith(until))).toBe(true), { timeout: 10_000 })
  return fake
}

const renderer = { senderFrame: { url: 'app://innkeeper/index.html#/dashboard', parent: null } }

const devUserData = () => `${userData}-dev`
const backendLog = () => readFileSync(join(userData, 'backend.log'), 'utf8')

describe('main process wiring', () => {
  it('opens the window on the start screen at once, starts the backend, registers IPC, then loads the app', async () => {
    const fake = await startMain()
    expect(fake.calls.filter((c) => !c.startsWith('ipc ')).slice(0, 3)).toEqual([
      'window',
      'load start screen: Starting Innkeeper’s local database…',
      'fork server.js',
    ])
    expect(fake.calls.indexOf('ipc renderer:backend-config')).toBeLessThan(
      fake.calls.indexOf('load app://innkeeper/index.html'),
    )
    expect(fake.calls.at(-1)).toBe('load app://innkeeper/index.html')
    const window = fake.BrowserWindow.windows[0]!
    expect(window.show).toHaveBeenCalled()
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    })
    expect(window.webContents.setWindowOpenHandler).toHaveBeenCalled()
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

  it('develops in its own user-data folder, never the installed app’s', async () => {
    const fake = await startMain()
    expect(fake.paths.userData).toBe(devUserData())
    expect(backendLog()).toContain(`started dataDir=${join(devUserData(), 'data')}`)
  })

  it('gives the backend a pinned loopback host and nothing of the desk’s database or demo switches', async () => {
    const fake = await startMain({
      DATABASE_URL: 'postgres://someone@db.example/other',
      INNKEEPER_DEMO: '0',
      HOST: '0.0.0.0',
      NODE_OPTIONS: '--require /tmp/evil.js',
    })
    const env = fake.backendEnvs[0]!
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: '0',
      INNKEEPER_DESKTOP: '1',
      INNKEEPER_REQUEST_LOG: '1',
    })
    // The desk's INNKEEPER_DEMO=0 does not get through: `npm run dev` keeps its demo.
    expect(env.INNKEEPER_DEMO).toBe('1')
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'FAKE_BACKEND_LOG'])
      expect(env).not.toHaveProperty(name)
  })

  it('writes the backend’s output to a log file in the user-data folder, which Help → Show logs opens', async () => {
    const fake = await startMain()
    const logs = join(devUserData(), 'logs')
    await vi.waitFor(() =>
      expect(readFileSync(join(logs, 'backend.log'), 'utf8')).toContain('fake backend: ready'),
    )
    const menu = fake.Menu.setApplicationMenu.mock.calls[0]![0] as Array<{
      role?: string
      submenu?: Array<{ label?: string; click?: () => void }>
    }>
    menu.find((item) => item.role === 'help')!.submenu!.find((item) => item.label === 'Show logs')!.click!()
    await vi.waitFor(() => expect(fake.shell.openPath).toHaveBeenCalledWith(logs))
  })

  it('stops the backend cleanly before quitting', async () => {
    const fake = await startMain()
    fake.app.quit()
    await vi.waitFor(() => expect(fake.calls).toContain('quit done'), { timeout: 10_000 })
    expect(backendLog()).toContain('database closed')
  })

  it('stops the backend cleanly when Windows ends the session, holding the shutdown back until then', async () => {
    const fake = await startMain()
    const event = { preventDefault: vi.fn() }
    fake.BrowserWindow.windows[0]!.emit('query-session-end', event)
    expect(event.preventDefault).toHaveBeenCalled()
    await vi.waitFor(() => expect(fake.calls).toContain('quit done'), { timeout: 10_000 })
    expect(backendLog()).toContain('database closed')
  })

  it('focuses the start screen on a second launch, and quitting while the backend starts stops it cleanly', async () => {
    const fake = await startMain({ FAKE_BACKEND: 'silent' }, 'load start screen')
    await vi.waitFor(() => expect(backendLog()).toContain('started'))
    fake.app.emit('second-instance')
    expect(fake.BrowserWindow.windows[0]!.focus).toHaveBeenCalled()
    fake.app.quit()
    await vi.waitFor(() => expect(fake.calls).toContain('quit done'), { timeout: 10_000 })
    expect(backendLog()).toContain('database closed')
    expect(fake.calls.some((c) => c.startsWith('load app://'))).toBe(false)
    expect(fake.dialog.showMessageBox).not.toHaveBeenCalled()
  })

  it('shows what failed on the start screen with a way out: Show logs, Try again, Quit', async () => {
    electron.current.dialog.showMessageBox
      .mockResolvedValueOnce({ response: 1 })
      .mockResolvedValueOnce({ response: 0 })
      .mockResolvedValueOnce({ response: 2 })
    const fake = await startMain({ FAKE_BACKEND: 'error' }, 'quit')
    const failed = 'load start screen: Innkeeper could not start'
    expect(fake.calls.filter((c) => c === failed)).toHaveLength(2)
    expect(fake.calls.filter((c) => c === 'fork server.js')).toHaveLength(2)
    const [, options] = fake.dialog.showMessageBox.mock.calls[0]! as unknown as [
      unknown,
      { buttons: string[]; detail: string },
    ]
    expect(options.buttons).toEqual(['Try again', 'Show logs', 'Quit'])
    expect(options.detail).toContain(join(devUserData(), 'data'))
    expect(fake.shell.openPath).toHaveBeenCalledWith(join(devUserData(), 'logs'))
    expect(fake.calls.some((c) => c.startsWith('load app://'))).toBe(false)
  })

  it('offers to restart after a crash, starting an AppImage again from its file', async () => {
    electron.current.dialog.showMessageBox.mockResolvedValueOnce({ response: 0 })
    const fake = await startMain({ FAKE_BACKEND: 'crash-after-ready', APPIMAGE: '/opt/Innkeeper.AppImage' })
    await vi.waitFor(() =>
      expect(fake.app.relaunch).toHaveBeenCalledWith({ execPath: '/opt/Innkeeper.AppImage' }),
    )
  })

  it('starts the backend with the backup folder chosen in Settings, never the desk’s INNKEEPER_BACKUP_DIR', async () => {
    const chosen = join(userData, 'other disk')
    mkdirSync(chosen)
    const fromEarlier = await startMain({ INNKEEPER_BACKUP_DIR: '/tmp/somewhere-else' })
    expect(fromEarlier.backendEnvs[0]).not.toHaveProperty('INNKEEPER_BACKUP_DIR')
    fromEarlier.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [chosen] })
    expect(await fromEarlier.handlers.get('renderer:backups-choose-folder')!(renderer)).toEqual({
      folder: chosen,
    })
    expect(JSON.parse(readFileSync(join(devUserData(), 'innkeeper-config.json'), 'utf8'))).toEqual({
      backupDir: chosen,
    })
  })

  it('gives the next backend the backup folder kept in the config file', async () => {
    const chosen = join(userData, 'other disk')
    writeFileSync(join(devUserData(), 'innkeeper-config.json'), JSON.stringify({ backupDir: chosen }))
    const fake = await startMain()
    expect(fake.backendEnvs[0]!.INNKEEPER_BACKUP_DIR).toBe(chosen)
  })

  it('opens on a hosted project without starting the local backend', async () => {
    writeFileSync(
      join(devUserData(), 'innkeeper-config.json'),
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

  describe('the packaged app’s first run', () => {
    beforeEach(() => {
      electron.current.app.isPackaged = true
      // Read by the updater's wiring; there is no app-update.yml here, so no update check runs.
      Object.defineProperty(process, 'resourcesPath', { value: userData, configurable: true })
    })
    /** The options of the first-run question, when main asked it. */
    const firstRunQuestion = (fake: typeof electron.current) =>
      (fake.dialog.showMessageBox.mock.calls as unknown[][])
        .map((call) => call.at(-1) as { message?: string; buttons?: string[] })
        .find((options) => options.message === 'Welcome to Innkeeper')

    it('asks, and the owner account starts the real folder empty, with the owner set-up', async () => {
      electron.current.dialog.showMessageBox.mockResolvedValueOnce({ response: 0 })
      const fake = await startMain()
      expect(firstRunQuestion(fake)?.buttons).toEqual([
        'Create the owner account',
        'Explore with demo data',
        'Quit',
      ])
      expect(fake.backendEnvs[0]).toMatchObject({
        INNKEEPER_DATA_DIR: join(userData, 'data'),
        INNKEEPER_DEMO: '0',
        INNKEEPER_OWNER_SETUP: '1',
      })
    })

    it('explores the demo in a folder of its own, without the owner set-up', async () => {
      electron.current.dialog.showMessageBox.mockResolvedValueOnce({ response: 1 })
      const fake = await startMain()
      expect(fake.backendEnvs[0]).toMatchObject({
        INNKEEPER_DATA_DIR: join(userData, 'demo-data'),
        INNKEEPER_DEMO: '1',
        INNKEEPER_OWNER_SETUP: '0',
      })
    })

    it('never asks again once the real folder exists', async () => {
      mkdirSync(join(userData, 'data'))
      const fake = await startMain()
      expect(firstRunQuestion(fake)).toBeUndefined()
      expect(fake.backendEnvs[0]).toMatchObject({
        INNKEEPER_DATA_DIR: join(userData, 'data'),
        INNKEEPER_DEMO: '0',
      })
    })

    it('quits without starting a backend when the desk chooses Quit', async () => {
      electron.current.dialog.showMessageBox.mockResolvedValueOnce({ response: 2 })
      const fake = await startMain({}, 'quit done')
      expect(fake.calls.some((c) => c.startsWith('fork'))).toBe(false)
      expect(fake.calls.some((c) => c.startsWith('load app://'))).toBe(false)
    })
  })
})
