import { describe, expect, it, vi } from 'vitest'
import type { IpcChannel } from '../shared/ipc'
import { registerIpcHandlers, type IpcHandlers, type IpcMainLike } from './ipc'
import type { IpcSenderEvent } from './security'
import { isTrustedSender } from './security'

const rendererUrl = 'app://innkeeper/index.html'
const fromRenderer: IpcSenderEvent = {
  senderFrame: { url: 'app://innkeeper/index.html#/cabins', parent: null },
}
const fromElsewhere: IpcSenderEvent = { senderFrame: { url: 'https://evil.example/', parent: null } }

function register(overrides: Partial<IpcHandlers> = {}) {
  const registered = new Map<string, (event: IpcSenderEvent, ...args: unknown[]) => unknown>()
  const ipc: IpcMainLike = { handle: (channel, listener) => void registered.set(channel, listener) }
  const handlers: IpcHandlers = {
    'renderer:backend-config': () => ({ supabaseUrl: 'http://127.0.0.1:4000', supabaseAnonKey: 'anon' }),
    'renderer:connection-get': () => ({ mode: 'local' }),
    'renderer:connection-set': () => ({ ok: true }),
    'renderer:session-get': () => 'refresh-token',
    'renderer:session-set': () => ({ persistent: true, announce: false }),
    'renderer:session-delete': () => undefined,
    'renderer:image-pick': () => null,
    'renderer:backups-choose-folder': () => null,
    'renderer:print-dialog': () => ({ printed: true }),
    'renderer:print-save-pdf': () => null,
    ...overrides,
  }
  registerIpcHandlers(ipc, (event) => isTrustedSender(event, rendererUrl), handlers)
  const invoke = async (channel: IpcChannel, event: IpcSenderEvent, ...args: unknown[]) =>
    registered.get(channel)!(event, ...args)
  return { registered, invoke }
}

describe('IPC handlers', () => {
  it('registers every channel of the contract', () => {
    expect([...register().registered.keys()].sort()).toEqual([
      'renderer:backend-config',
      'renderer:backups-choose-folder',
      'renderer:connection-get',
      'renderer:connection-set',
      'renderer:image-pick',
      'renderer:print-dialog',
      'renderer:print-save-pdf',
      'renderer:session-delete',
      'renderer:session-get',
      'renderer:session-set',
    ])
  })

  it('answers the renderer', async () => {
    const { invoke } = register()
    expect(await invoke('renderer:session-get', fromRenderer)).toBe('refresh-token')
  })

  it('refuses every channel to a page that is not the renderer, without running the handler', async () => {
    const sessionGet = vi.fn(() => 'refresh-token')
    const { registered, invoke } = register({ 'renderer:session-get': sessionGet })
    for (const channel of registered.keys()) {
      await expect(invoke(channel as IpcChannel, fromElsewhere)).rejects.toThrow(
        'the sender is not the Innkeeper window',
      )
      await expect(invoke(channel as IpcChannel, { senderFrame: null })).rejects.toThrow('refused')
    }
    expect(sessionGet).not.toHaveBeenCalled()
  })

  it('refuses malformed arguments before the handler sees them', async () => {
    const sessionSet = vi.fn(() => ({ persistent: true, announce: false }))
    const { invoke } = register({ 'renderer:session-set': sessionSet })
    await expect(invoke('renderer:session-set', fromRenderer, 42)).rejects.toThrow('malformed arguments')
    await expect(invoke('renderer:session-set', fromRenderer, '')).rejects.toThrow('malformed arguments')
    await expect(invoke('renderer:session-set', fromRenderer, 'a', 'b')).rejects.toThrow(
      'malformed arguments',
    )
    await expect(invoke('renderer:session-get', fromRenderer, 'other-account')).rejects.toThrow(
      'malformed arguments',
    )
    await expect(invoke('renderer:connection-set', fromRenderer, 'local')).rejects.toThrow(
      'malformed arguments',
    )
    expect(sessionSet).not.toHaveBeenCalled()
    const savePdf = vi.fn(() => null)
    const printing = register({ 'renderer:print-save-pdf': savePdf })
    for (const name of [undefined, '', 'x'.repeat(121), 7]) {
      await expect(printing.invoke('renderer:print-save-pdf', fromRenderer, name)).rejects.toThrow(
        'malformed arguments',
      )
    }
    await expect(printing.invoke('renderer:print-dialog', fromRenderer, 'silent')).rejects.toThrow(
      'malformed arguments',
    )
    expect(savePdf).not.toHaveBeenCalled()
    expect(await invoke('renderer:session-set', fromRenderer, 'token')).toEqual({
      persistent: true,
      announce: false,
    })
  })
})
