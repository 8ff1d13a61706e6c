import { describe, expect, it, vi } from 'vitest'
import type { Connection } from '../shared/ipc'
import type { BackendController } from './backendController'
import { createCsvExports } from './csvExport'
import { createIpcHandlers } from './ipcHandlers'
import type { SessionVault } from './sessionVault'

function setup(connection: Connection = { mode: 'local' }) {
  const controller: BackendController = {
    start: vi.fn(),
    connection: () => connection,
    endpoint: () => ({ supabaseUrl: 'http://127.0.0.1:4000', supabaseAnonKey: 'anon' }),
    switchTo: vi.fn(async (input: unknown) =>
      (input as Connection).mode === 'local' ? { ok: true as const } : { ok: false as const, error: 'nope' },
    ),
    stop: vi.fn(),
  }
  const vault: SessionVault = {
    get: vi.fn(async () => 'token'),
    set: vi.fn(async () => ({ persistent: true, announce: false })),
    delete: vi.fn(async () => {}),
  }
  const reloadRenderer = vi.fn()
  const handlers = createIpcHandlers({
    controller,
    vault,
    pickImage: async () => null,
    chooseBackupFolder: async () => null,
    printPage: async () => ({ printed: true }) as const,
    savePageAsPdf: vi.fn(async (name: string) => ({ saved: `/docs/${name}` })),
    csvExports: createCsvExports({
      showSaveDialog: async () => ({ canceled: true }),
      fs: { open: vi.fn(), rename: vi.fn(), rm: vi.fn() },
    }),
    reloadRenderer,
  })
  return { handlers, controller, vault, reloadRenderer }
}

describe('createIpcHandlers', () => {
  it('keeps the session under the current backend’s account, which the renderer cannot choose', async () => {
    const local = setup()
    await local.handlers['renderer:session-set']('token-1')
    expect(local.vault.set).toHaveBeenCalledWith('local', 'token-1')

    const hosted = setup({ mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'k' })
    await hosted.handlers['renderer:session-get']()
    await hosted.handlers['renderer:session-delete']()
    expect(hosted.vault.get).toHaveBeenCalledWith('https://abcd.supabase.co')
    expect(hosted.vault.delete).toHaveBeenCalledWith('https://abcd.supabase.co')
  })

  it('reloads the window after a successful switch, and not after a refused one', async () => {
    const { handlers, reloadRenderer } = setup()
    expect(await handlers['renderer:connection-set']({ mode: 'local' })).toEqual({ ok: true })
    await vi.waitFor(() => expect(reloadRenderer).toHaveBeenCalledTimes(1))

    expect(
      await handlers['renderer:connection-set']({
        mode: 'hosted',
        supabaseUrl: 'https://x.supabase.co',
        supabaseAnonKey: 'k',
      }),
    ).toEqual({ ok: false, error: 'nope' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(reloadRenderer).toHaveBeenCalledTimes(1)
  })

  it('forgets the session of the backend it leaves, and only after a successful switch', async () => {
    const hosted = setup({ mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'k' })
    await hosted.handlers['renderer:connection-set']({
      mode: 'hosted',
      supabaseUrl: 'https://other.supabase.co',
      supabaseAnonKey: 'k',
    })
    expect(hosted.vault.delete).not.toHaveBeenCalled()

    await hosted.handlers['renderer:connection-set']({ mode: 'local' })
    expect(hosted.vault.delete).toHaveBeenCalledWith('https://abcd.supabase.co')
  })

  it('gives the renderer the endpoint of the running backend', async () => {
    expect(await setup().handlers['renderer:backend-config']()).toEqual({
      supabaseUrl: 'http://127.0.0.1:4000',
      supabaseAnonKey: 'anon',
    })
  })

  it('prints and saves PDFs of the window through main, with the name the renderer suggests', async () => {
    const { handlers } = setup()
    expect(await handlers['renderer:print-dialog']()).toEqual({ printed: true })
    expect(await handlers['renderer:print-save-pdf']('Today 2026-11-18.pdf')).toEqual({
      saved: '/docs/Today 2026-11-18.pdf',
    })
  })
})
