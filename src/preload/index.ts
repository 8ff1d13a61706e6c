import { contextBridge, ipcRenderer } from 'electron'
// TypeScript leaves out an index.d.ts that sits beside index.ts; importing it brings in InnkeeperApi.
import type {} from './index.d'
import type { IpcArgs, IpcChannel, IpcResult } from '../shared/ipc'

// The one place the preload talks to main; typed by the contract so a channel, its arguments
// and its result cannot drift from what main handles. Deliberately not exposed itself.
function invoke<C extends IpcChannel>(channel: C, ...args: IpcArgs<C>): Promise<IpcResult<C>> {
  return ipcRenderer.invoke(channel, ...args)
}

const api = {
  backend: {
    getConfig: () => invoke('renderer:backend-config'),
  },
  connection: {
    get: () => invoke('renderer:connection-get'),
    set: (connection) => invoke('renderer:connection-set', connection),
  },
  session: {
    getRefreshToken: () => invoke('renderer:session-get'),
    setRefreshToken: (refreshToken) => invoke('renderer:session-set', refreshToken),
    deleteRefreshToken: () => invoke('renderer:session-delete'),
  },
  pickImage: () => invoke('renderer:image-pick'),
  backups: {
    chooseFolder: () => invoke('renderer:backups-choose-folder'),
  },
  printing: {
    print: () => invoke('renderer:print-dialog'),
    savePdf: (suggestedName) => invoke('renderer:print-save-pdf', suggestedName),
  },
  csvExport: {
    open: (suggestedName) => invoke('renderer:export-open', suggestedName),
    write: (id, chunk) => invoke('renderer:export-write', id, chunk),
    close: (id) => invoke('renderer:export-close', id),
    abort: (id) => invoke('renderer:export-abort', id),
  },
} satisfies InnkeeperApi

contextBridge.exposeInMainWorld('innkeeper', api)
