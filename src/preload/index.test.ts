import { beforeAll, describe, expect, it, vi } from 'vitest'
import type {} from './index.d'
import type { IpcChannel } from '../shared/ipc'

// The preload run against a stand-in for Electron: what it hands to contextBridge is what the
// renderer gets as window.innkeeper, so its shape is the whole surface the renderer can reach.
const electron = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ answeredOn: channel, args })),
}))

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => electron.exposed.push([key, api]),
  },
  ipcRenderer: { invoke: electron.invoke },
}))

/** InnkeeperApi with every function replaced by 'function': TypeScript makes the expected shape complete. */
type Shape<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? 'function' : Shape<T[K]> }

const expectedShape: Shape<InnkeeperApi> = {
  backend: { getConfig: 'function' },
  connection: { get: 'function', set: 'function' },
  session: { getRefreshToken: 'function', setRefreshToken: 'function', deleteRefreshToken: 'function' },
  pickImage: 'function',
  backups: { chooseFolder: 'function' },
  printing: { print: 'function', savePdf: 'function' },
  csvExport: { open: 'function', write: 'function', close: 'function', abort: 'function' },
}

function shapeOf(value: unknown): unknown {
  if (typeof value === 'function') return 'function'
  if (typeof value !== 'object' || value === null) return typeof value
  // Own keys of every kind, symbols and non-enumerable ones included: nothing may hide in the bridge.
  return Object.fromEntries(
    Reflect.ownKeys(value).map((key) => [String(key), shapeOf(Reflect.get(value, key))]),
  )
}

let api: InnkeeperApi

beforeAll(async () => {
  await import('./index')
  expect(electron.exposed.map(([key]) => key)).toEqual(['innkeeper'])
  api = electron.exposed[0][1] as InnkeeperApi
})

describe('the preload bridge', () => {
  it('exposes exactly the named functions of InnkeeperApi, and nothing generic', () => {
    expect(shapeOf(api)).toEqual(expectedShape)
    expect(Object.getPrototypeOf(api)).toBe(Object.prototype)
  })

  const calls: [string, (api: InnkeeperApi) => Promise<unknown>, IpcChannel, unknown[]][] = [
    ['backend.getConfig', (api) => api.backend.getConfig(), 'renderer:backend-config', []],
    ['connection.get', (api) => api.connection.get(), 'renderer:connection-get', []],
    [
      'connection.set',
      (api) =>
        api.connection.set({ mode: 'hosted', supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'k' }),
      'renderer:connection-set',
      [{ mode: 'hosted', supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'k' }],
    ],
    ['session.getRefreshToken', (api) => api.session.getRefreshToken(), 'renderer:session-get', []],
    ['session.setRefreshToken', (api) => api.session.setRefreshToken('r1'), 'renderer:session-set', ['r1']],
    ['session.deleteRefreshToken', (api) => api.session.deleteRefreshToken(), 'renderer:session-delete', []],
    ['pickImage', (api) => api.pickImage(), 'renderer:image-pick', []],
    ['backups.chooseFolder', (api) => api.backups.chooseFolder(), 'renderer:backups-choose-folder', []],
    ['printing.print', (api) => api.printing.print(), 'renderer:print-dialog', []],
    [
      'printing.savePdf',
      (api) => api.printing.savePdf('Today.pdf'),
      'renderer:print-save-pdf',
      ['Today.pdf'],
    ],
    ['csvExport.open', (api) => api.csvExport.open('bookings.csv'), 'renderer:export-open', ['bookings.csv']],
    [
      'csvExport.write',
      (api) => api.csvExport.write('id', 'a,b\r\n'),
      'renderer:export-write',
      ['id', 'a,b\r\n'],
    ],
    ['csvExport.close', (api) => api.csvExport.close('id'), 'renderer:export-close', ['id']],
    ['csvExport.abort', (api) => api.csvExport.abort('id'), 'renderer:export-abort', ['id']],
  ]

  it.each(calls)(
    '%s asks main on its own channel, with exactly its arguments',
    async (_, call, channel, args) => {
      electron.invoke.mockClear()
      await expect(call(api)).resolves.toEqual({ answeredOn: channel, args })
      expect(electron.invoke).toHaveBeenCalledExactlyOnceWith(channel, ...args)
    },
  )

  it('a function called with extra arguments passes none of them on', async () => {
    electron.invoke.mockClear()
    const getConfig = api.backend.getConfig as (...args: unknown[]) => Promise<unknown>
    await getConfig('renderer:session-get', { sneaky: true })
    expect(electron.invoke).toHaveBeenCalledExactlyOnceWith('renderer:backend-config')
  })
})
