import { describe, expect, it, vi } from 'vitest'
import { appMenuTemplate, relaunchOptions } from './appMenu'

type Item = { role?: string; label?: string; submenu?: Item[]; click?: () => void }
const roles = (items: Item[]): string[] =>
  items.flatMap((item) => [item.role ?? item.label ?? '', ...roles(item.submenu ?? [])])

describe('appMenuTemplate', () => {
  it('has Help → Show logs, which opens the logs', () => {
    const showLogs = vi.fn()
    const menu = appMenuTemplate({ isMac: false, isPackaged: true, showLogs }) as Item[]
    const help = menu.find((item) => item.role === 'help')!
    const entry = help.submenu!.find((item) => item.label === 'Show logs')!
    entry.click!()
    expect(showLogs).toHaveBeenCalledTimes(1)
  })

  it('offers developer tools only while developing, and the app menu only on macOS', () => {
    const packaged = roles(appMenuTemplate({ isMac: false, isPackaged: true, showLogs: vi.fn() }) as Item[])
    expect(packaged).not.toContain('toggleDevTools')
    expect(packaged).not.toContain('appMenu')
    expect(packaged).toContain('editMenu')
    const dev = roles(appMenuTemplate({ isMac: true, isPackaged: false, showLogs: vi.fn() }) as Item[])
    expect(dev).toContain('toggleDevTools')
    expect(dev[0]).toBe('appMenu')
  })
})

describe('relaunchOptions', () => {
  it('starts an AppImage again from its file, anything else as it was started', () => {
    expect(relaunchOptions({ APPIMAGE: '/home/ana/Apps/Innkeeper-0.1.0.AppImage' })).toEqual({
      execPath: '/home/ana/Apps/Innkeeper-0.1.0.AppImage',
    })
    expect(relaunchOptions({})).toBeUndefined()
  })
})
