import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  session,
  shell,
  utilityProcess,
  type MessageBoxOptions,
  type OpenDialogOptions,
  type OpenDialogReturnValue,
  type SaveDialogOptions,
} from 'electron'
import electronUpdater from 'electron-updater'
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appMenuTemplate, relaunchOptions } from './appMenu'
import { APP_INDEX_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './appProtocol'
import { createBackendController } from './backendController'
import { backendEnv } from './backendEnv'
import { chooseBackupFolder } from './backupFolder'
import {
  BackendStartError,
  backendFailureMessage,
  forkWithUtilityProcess,
  startBackend,
} from './backendProcess'
import { trackBackendWrites } from './backendWrites'
import { CONFIG_FILE_NAME, readConnection, writeBackupDir, writeConnection } from './connectionConfig'
import { buildCsp } from './csp'
import { createCsvExports } from './csvExport'
import { chooseDataFolder, type DataFolder, type FirstRunChoice, realDataDir } from './dataFolder'
import { pickImage } from './imagePicker'
import { registerIpcHandlers } from './ipc'
import { createIpcHandlers } from './ipcHandlers'
import { printPage, savePageAsPdf, type PrintingDeps } from './printing'
import { createRotatingLog, logsDir, teeConsole } from './logFiles'
import { guardWebContents, isTrustedSender, lockDownPermissions, secureWindowOptions } from './security'
import { createSessionVault, type Keychain } from './sessionVault'
import { startScreenUrl } from './startScreen'
import { startUp, type FailureChoice } from './startUp'
import { startAutoUpdate } from './updater'

// Wiring only: every decision lives in the modules above, which are tested without Electron.

const here = dirname(fileURLToPath(import.meta.url))
const preloadPath = join(here, '../preload/index.cjs')
const rendererDir = join(here, '../renderer')
const backendEntry = join(here, 'server.js')
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
const rendererUrl = devServerUrl ?? APP_INDEX_URL

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])

// `npm run dev` keeps its own user-data folder, so developing never opens an installed app's
// database (nor waits on its single-instance lock, which is per folder: set before asking for it).
if (!app.isPackaged) app.setPath('userData', `${app.getPath('userData')}-dev`)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  void run()
}

async function run(): Promise<void> {
  let mainWindow: BrowserWindow | null = null
  const userData = app.getPath('userData')
  const logs = logsDir(userData)
  teeConsole(console, createRotatingLog(join(logs, 'main.log')))
  const backendLogFile = createRotatingLog(join(logs, 'backend.log'))
  // Under `npm run dev` the backend's output shows in the terminal too.
  const backendLog = app.isPackaged
    ? backendLogFile
    : {
        write: (chunk: string | Uint8Array) => {
          backendLogFile.write(chunk)
          process.stdout.write(chunk)
        },
      }
  // Chosen at the first start of the local backend (a desk on a hosted project is never asked).
  let dataFolder: DataFolder | undefined
  const dataDir = () => dataFolder?.dataDir ?? realDataDir(userData)
  const configFile = join(userData, CONFIG_FILE_NAME)
  const configFs = { readFile, writeFile, rename }

  const controller = createBackendController({
    startLocal: async (signal) => {
      dataFolder ??=
        (await chooseDataFolder({
          userData,
          isPackaged: app.isPackaged,
          exists: (path) =>
            stat(path).then(
              () => true,
              () => false,
            ),
          ask: askFirstRun,
        })) ?? undefined
      if (!dataFolder) {
        app.quit()
        throw new BackendStartError('stopped', 'The desk quit at the first-run choice')
      }
      // Read at every start: a folder chosen in Settings is used from the backend's next start.
      const { backupDir } = await readConnection(configFs, configFile)
      return startBackend({
        fork: forkWithUtilityProcess(utilityProcess, backendLog),
        modulePath: backendEntry,
        env: backendEnv(process.env, {
          dataDir: dataFolder.dataDir,
          demo: dataFolder.demo,
          requestLogs: !app.isPackaged,
          backupDir,
        }),
        onCrash: (code) => void offerRestartAfterCrash(code),
        signal,
      })
    },
    saveConnection: (connection) => writeConnection(configFs, configFile, connection),
  })
  const contentSecurityPolicy = () =>
    buildCsp({ backendUrl: controller.endpoint()?.supabaseUrl, devServerUrl })

  // The window exists from the start (start screen), so a second double-click always finds it.
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  // Every web contents, whoever creates it, gets the navigation and new-window guards.
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, rendererUrl, (url) => shell.openExternal(url)),
  )
  stopBackendBeforeQuit()

  await app.whenReady()
  app.setAppUserModelId('com.innkeeper.desk')
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({ isMac: process.platform === 'darwin', isPackaged: app.isPackaged, showLogs }),
    ),
  )
  lockDownPermissions(session.defaultSession, rendererUrl)
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rootDir: rendererDir,
      readFile: (path) => readFile(path),
      contentSecurityPolicy,
    }),
  )
  if (devServerUrl) {
    session.defaultSession.webRequest.onHeadersReceived(
      { urls: [`${new URL(devServerUrl).origin}/*`] },
      (details, reply) =>
        reply({
          responseHeaders: {
            ...details.responseHeaders,
            'Content-Security-Policy': [contentSecurityPolicy()],
          },
        }),
    )
  }

  // Over the window while there is one, so the dialog cannot end up behind it.
  const showSaveDialog = (options: SaveDialogOptions) =>
    mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)
  const csvExports = createCsvExports({
    showSaveDialog,
    fs: { open: (path) => open(path, 'w'), rename, rm },
  })
  // The window first: the desk sees Innkeeper starting while everything else gets ready.
  mainWindow = createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length > 0) return
    mainWindow = createWindow()
    void mainWindow.loadURL(controller.endpoint() ? rendererUrl : startScreenUrl({ kind: 'starting' }))
  })
  app.on('window-all-closed', () => {
    mainWindow = null
    // An export the closed window was writing can never be completed: its partial file goes.
    void csvExports.abortAll()
    if (process.platform !== 'darwin') app.quit()
  })

  const savingSomething = trackBackendWrites(
    session.defaultSession.webRequest,
    () => controller.endpoint()?.supabaseUrl,
  )
  const vault = createSessionVault(await loadKeychain())
  const printing: PrintingDeps = {
    contents: () => mainWindow?.webContents ?? null,
    showSaveDialog,
    writeFile: (path, data) => writeFile(path, data),
    defaultFolder: () => app.getPath('documents'),
  }
  registerIpcHandlers(
    ipcMain,
    (event) => isTrustedSender(event, rendererUrl),
    createIpcHandlers({
      controller,
      vault,
      pickImage: () =>
        pickImage(openDialog, {
          stat,
          readFile: (path) => readFile(path),
        }),
      chooseBackupFolder: () =>
        chooseBackupFolder({
          showOpenDialog: openDialog,
          fs: { writeFile: (path, data) => writeFile(path, data), rm },
          save: (folder) => writeBackupDir(configFs, configFile, folder),
        }),
      printPage: () => printPage(printing),
      savePageAsPdf: (suggestedName) => savePageAsPdf(printing, suggestedName),
      csvExports,
      reloadRenderer: () => mainWindow?.webContents.reload(),
    }),
  )

  const saved = await readConnection(configFs, configFile)
  if (saved.warning) console.warn(`Using the local backend: ${saved.warning}`)
  let updatesStarted = false
  await startUp({
    connect: async () => void (await controller.start(saved.connection)),
    show: (state) => void mainWindow?.loadURL(startScreenUrl(state)),
    openApp: () => {
      void mainWindow?.loadURL(rendererUrl)
      if (updatesStarted) return
      updatesStarted = true
      void startAutoUpdate({
        isPackaged: app.isPackaged,
        env: process.env,
        readAppUpdateConfig: () =>
          readFile(join(process.resourcesPath, 'app-update.yml'), 'utf8').catch(() => null),
        updater: electronUpdater.autoUpdater,
        busy: savingSomething,
      })
    },
    describeFailure: (error) => {
      const { title, content } = backendFailureMessage(error, dataDir())
      return { title, detail: content }
    },
    ask: (failure) =>
      askChoice<FailureChoice>({ type: 'error', message: failure.title, detail: failure.detail }, [
        ['Try again', 'retry'],
        ['Show logs', 'logs'],
        ['Quit', 'quit'],
      ]),
    showLogs,
    quit: () => app.quit(),
  })

  function createWindow(): BrowserWindow {
    const window = new BrowserWindow({
      ...secureWindowOptions(preloadPath),
      ...(process.platform === 'linux' ? { icon: join(app.getAppPath(), 'resources', 'icon.png') } : {}),
    })
    window.once('ready-to-show', () => window.show())
    // A page that cannot load would otherwise leave an invisible window behind.
    window.webContents.once('did-fail-load', () => window.show())
    // Windows shutting down or logging off never sends before-quit: the database is closed here,
    // holding the shutdown back (query-session-end) until it is.
    window.on('query-session-end', (event) => {
      event.preventDefault()
      app.quit()
    })
    window.on('session-end', () => app.quit())
    return window
  }

  /** A native dialog, over the window when there is one. */
  function openDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue> {
    return mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options)
  }

  /**
   * A message box over the window when there is one, answering the choice of the button pressed. The
   * first button is the default; the last is what closing the box (Escape) means.
   */
  async function askChoice<Choice>(
    box: Pick<MessageBoxOptions, 'type' | 'message' | 'detail'>,
    buttons: ReadonlyArray<readonly [label: string, choice: Choice]>,
  ): Promise<Choice> {
    const cancelId = buttons.length - 1
    const options = {
      ...box,
      title: 'Innkeeper',
      buttons: buttons.map(([label]) => label),
      defaultId: 0,
      cancelId,
    }
    const { response } = mainWindow
      ? await dialog.showMessageBox(mainWindow, options)
      : await dialog.showMessageBox(options)
    return (buttons[response] ?? buttons[cancelId]!)[1]
  }

  /** The packaged app's first run: a real business (its owner account next) or the demo. */
  function askFirstRun(): Promise<FirstRunChoice> {
    return askChoice<FirstRunChoice>(
      {
        type: 'question',
        message: 'Welcome to Innkeeper',
        detail:
          'Create the owner account to start using Innkeeper for your business, or explore it first ' +
          'with made-up demo bookings, kept apart from your business’s data.',
      },
      [
        ['Create the owner account', 'owner'],
        ['Explore with demo data', 'demo'],
        ['Quit', 'quit'],
      ],
    )
  }

  function showLogs(): void {
    void mkdir(logs, { recursive: true }).then(() => shell.openPath(logs))
  }

  async function offerRestartAfterCrash(code: number | null): Promise<void> {
    const choice = await askChoice(
      {
        type: 'error',
        message: 'Innkeeper’s local database stopped unexpectedly.',
        detail:
          `Changes saved before this moment are kept in ${dataDir()}. ` +
          `Restart Innkeeper to carry on working (exit code ${code ?? 'none'}).`,
      },
      [
        ['Restart Innkeeper', 'restart'],
        ['Quit', 'quit'],
      ],
    )
    if (choice === 'restart') app.relaunch(relaunchOptions(process.env))
    app.quit()
  }

  /** Quitting waits for the backend to close its database, so nothing written is lost. */
  function stopBackendBeforeQuit(): void {
    let stopped = false
    let stopping = false
    app.on('before-quit', (event) => {
      if (stopped) return
      event.preventDefault()
      if (stopping) return
      stopping = true
      void controller
        .stop()
        .catch((error: unknown) => console.error('The backend did not stop cleanly', error))
        .finally(() => {
          stopped = true
          app.quit()
        })
    })
    // Ctrl+C on `npm run dev`, or a system shutdown, goes through the same clean quit.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit())
  }
}

/** keytar is a native module; if it cannot load, the vault keeps sessions in memory instead. */
async function loadKeychain(): Promise<Keychain | null> {
  try {
    const module = (await import('keytar')) as unknown as { default?: Keychain } & Keychain
    return module.default ?? module
  } catch (error) {
    console.warn('The OS keychain is unavailable:', error)
    return null
  }
}
