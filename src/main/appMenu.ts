import type { MenuItemConstructorOptions } from 'electron'

export interface AppMenuOptions {
  isMac: boolean
  /** Developer tools only while developing. */
  isPackaged: boolean
  /** Opens the folder of main's and the backend's logs. */
  showLogs(): void
}

/** The application menu (Alt shows it on Windows and Linux): the usual ones, and Help → Show logs. */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  return [
    ...(options.isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(options.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Show logs', click: () => options.showLogs() }] },
  ]
}

/**
 * How to start this app again after a crash. An AppImage runs from a temporary mount that is gone
 * once it quits: the new instance must be started from the AppImage file itself.
 */
export function relaunchOptions(env: NodeJS.ProcessEnv): { execPath: string } | undefined {
  return env.APPIMAGE ? { execPath: env.APPIMAGE } : undefined
}
