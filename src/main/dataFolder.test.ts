import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { chooseDataFolder, type FirstRunChoice } from './dataFolder'

const userData = join('/users', 'reception', 'Innkeeper')

function deps(options: { isPackaged: boolean; existing?: string[]; choice?: FirstRunChoice }) {
  return {
    userData,
    isPackaged: options.isPackaged,
    exists: async (path: string) => (options.existing ?? []).includes(path),
    ask: vi.fn(async () => options.choice ?? 'quit'),
  }
}

describe('chooseDataFolder', () => {
  it('asks on the packaged app’s first run: the owner account opens the real folder without demo data', async () => {
    const d = deps({ isPackaged: true, choice: 'owner' })
    expect(await chooseDataFolder(d)).toEqual({ dataDir: join(userData, 'data'), demo: false })
    expect(d.ask).toHaveBeenCalledOnce()
  })

  it('puts the demo in a folder of its own', async () => {
    const d = deps({ isPackaged: true, choice: 'demo' })
    expect(await chooseDataFolder(d)).toEqual({ dataDir: join(userData, 'demo-data'), demo: true })
  })

  it('asks again while only the demo exists, and never once the real folder does', async () => {
    const demoOnly = deps({ isPackaged: true, existing: [join(userData, 'demo-data')], choice: 'demo' })
    expect(await chooseDataFolder(demoOnly)).toEqual({ dataDir: join(userData, 'demo-data'), demo: true })
    expect(demoOnly.ask).toHaveBeenCalledOnce()
    const installed = deps({ isPackaged: true, existing: [join(userData, 'data')] })
    expect(await chooseDataFolder(installed)).toEqual({ dataDir: join(userData, 'data'), demo: false })
    expect(installed.ask).not.toHaveBeenCalled()
  })

  it('quits when the desk chooses to', async () => {
    expect(await chooseDataFolder(deps({ isPackaged: true, choice: 'quit' }))).toBeNull()
  })

  it('keeps the demo under npm run dev, without asking', async () => {
    const d = deps({ isPackaged: false })
    expect(await chooseDataFolder(d)).toEqual({ dataDir: join(userData, 'data'), demo: true })
    expect(d.ask).not.toHaveBeenCalled()
  })
})
