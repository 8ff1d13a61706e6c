import { describe, expect, it, vi } from 'vitest'
import { MAX_EXPORT_CHUNK_CHARS, type IpcChannel } from '../shared/ipc'
import { registerIpcHandlers, type IpcHandlers, type IpcMainLike } from './ipc'
import type { IpcSenderEvent } from './security'
import { isTrustedSender } from './security'

const rendererUrl = 'app://innkeeper/index.html'
const fromRenderer: IpcSenderEvent = {
  senderFrame: { url: 'app://innkeeper/index.html#/cabins', parent: null },
}
const EXPORT_ID = '6f1c0b1e-2d4a-4e8b-9c3f-0a1b2c3d4e5f'
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
    'renderer:export-open': () => ({ id: EXPORT_ID }),
    'renderer:export-write': () => ({ ok: true }),
    'renderer:export-close': () => ({ ok: true }),
    'renderer:export-abort': () => undefined,
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
      'renderer:export-abort',
      'renderer:export-close',
      'renderer:export-open',
      'renderer:export-write',
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

  it('accepts only a plain .csv file name to propose, and an export id with a bounded chunk', async () => {
    const write = vi.fn(() => ({ ok: true as const }))
    const open = vi.fn(() => ({ id: EXPORT_ID }))
    const { invoke } = register({ 'renderer:export-write': write, 'renderer:export-open': open })
    for (const name of ['../../.bashrc.csv', '/etc/passwd.csv', 'C:\\x.csv', 'bookings.exe', '.csv', 42]) {
      await expect(invoke('renderer:export-open', fromRenderer, name)).rejects.toThrow('malformed arguments')
    }
    expect(open).not.toHaveBeenCalled()
    expect(await invoke('renderer:export-open', fromRenderer, 'bookings 2026-11-18.csv')).toEqual({
      id: EXPORT_ID,
    })

    const tooLong = 'x'.repeat(MAX_EXPORT_CHUNK_CHARS + 1)
    for (const args of [
      ['not-an-id', 'a'],
      [EXPORT_ID, tooLong],
      [EXPORT_ID, ''],
      [EXPORT_ID, 7],
      [EXPORT_ID],
    ]) {
      await expect(invoke('renderer:export-write', fromRenderer, ...args)).rejects.toThrow(
        'malformed arguments',
      )
    }
    expect(write).not.toHaveBeenCalled()
    expect(
      await invoke('renderer:export-write', fromRenderer, EXPORT_ID, 'x'.repeat(MAX_EXPORT_CHUNK_CHARS)),
    ).toEqual({
      ok: true,
    })
  })
})
