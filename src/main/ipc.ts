import {
  MAX_PDF_NAME_LENGTH,
  MAX_EXPORT_CHUNK_CHARS,
  type IpcArgs,
  type IpcChannel,
  type IpcContract,
  type IpcResult,
} from '../shared/ipc'
import type { IpcSenderEvent } from './security'

/** The part of ipcMain used here; a fake in tests. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void
}

export type IpcHandler<C extends IpcChannel> = (...args: IpcArgs<C>) => IpcResult<C> | Promise<IpcResult<C>>

/** One handler per channel of the contract: a missing or misspelt channel does not compile. */
export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> }

const noArgs = (args: unknown[]) => args.length === 0

const isExportId = (value: unknown) => typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)
/** A plain file name (no folder, nothing a shell or the OS reads specially) for the save dialog to propose. */
const isFileName = (value: unknown) =>
  typeof value === 'string' && /^[\p{L}\p{N}_(][\p{L}\p{N} ._()-]{0,95}\.csv$/u.test(value)

/**
 * The renderer is treated as untrusted input: argument shapes are checked before a handler runs
 * (handlers check contents, such as a connection's URL, themselves). Keyed by the contract, so a
 * new channel cannot be added without saying what its arguments look like.
 */
const argumentsAreWellFormed: { [C in keyof IpcContract]: (args: unknown[]) => boolean } = {
  'renderer:backend-config': noArgs,
  'renderer:connection-get': noArgs,
  'renderer:connection-set': (args) => args.length === 1 && typeof args[0] === 'object' && args[0] !== null,
  'renderer:session-get': noArgs,
  'renderer:session-set': (args) =>
    args.length === 1 && typeof args[0] === 'string' && args[0].length > 0 && args[0].length <= 8192,
  'renderer:session-delete': noArgs,
  'renderer:image-pick': noArgs,
  'renderer:backups-choose-folder': noArgs,
  'renderer:print-dialog': noArgs,
  'renderer:print-save-pdf': (args) =>
    args.length === 1 &&
    typeof args[0] === 'string' &&
    args[0].length > 0 &&
    args[0].length <= MAX_PDF_NAME_LENGTH,
  'renderer:export-open': (args) => args.length === 1 && isFileName(args[0]),
  'renderer:export-write': (args) =>
    args.length === 2 &&
    isExportId(args[0]) &&
    typeof args[1] === 'string' &&
    args[1].length > 0 &&
    args[1].length <= MAX_EXPORT_CHUNK_CHARS,
  'renderer:export-close': (args) => args.length === 1 && isExportId(args[0]),
  'renderer:export-abort': (args) => args.length === 1 && isExportId(args[0]),
}

export class IpcRefusedError extends Error {
  constructor(channel: string, why: string) {
    super(`${channel} refused: ${why}`)
    this.name = 'IpcRefusedError'
  }
}

/** Registers one typed handler behind the sender and argument checks. */
export function handle<C extends IpcChannel>(
  ipc: IpcMainLike,
  channel: C,
  isTrustedSender: (event: IpcSenderEvent) => boolean,
  handler: IpcHandler<C>,
): void {
  ipc.handle(channel, (event, ...args) => {
    if (!isTrustedSender(event)) throw new IpcRefusedError(channel, 'the sender is not the Innkeeper window')
    if (!argumentsAreWellFormed[channel](args)) throw new IpcRefusedError(channel, 'malformed arguments')
    return handler(...(args as IpcArgs<C>))
  })
}

export function registerIpcHandlers(
  ipc: IpcMainLike,
  isTrustedSender: (event: IpcSenderEvent) => boolean,
  handlers: IpcHandlers,
): void {
  for (const channel of Object.keys(handlers) as IpcChannel[]) {
    handle(ipc, channel, isTrustedSender, handlers[channel] as IpcHandler<typeof channel>)
  }
}
