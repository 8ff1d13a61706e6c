/**
 * The one IPC contract between the renderer and main: channel → (arguments → result).
 * Main registers handlers through a typed `handle()` and the preload calls through a typed
 * `invoke()`, both keyed by this map, so neither side can drift from the other.
 *
 * Channel names say who asks and about what: `renderer:*` is a request from the renderer.
 */

/** Where supabase-js should connect: the embedded backend or a hosted project. */
export interface BackendEndpoint {
  supabaseUrl: string
  supabaseAnonKey: string
}

/** The backend choice kept in the app's config file. */
export type Connection = { mode: 'local' } | { mode: 'hosted'; supabaseUrl: string; supabaseAnonKey: string }

export type ConnectionSetResult = { ok: true } | { ok: false; error: string }

export interface SessionSaveResult {
  /** False when the OS keychain is unusable and the token lives in memory until quit. */
  persistent: boolean
  /** True exactly once per run, the first time the token could not be kept in the keychain. */
  announce: boolean
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'

export interface PickedImage {
  name: string
  type: ImageType
  bytes: Uint8Array
}

export type ImagePickError = 'too-large' | 'not-an-image' | 'unreadable'

/** A picked image, null when the user cancels, or why the chosen file was refused. */
export type ImagePickResult = PickedImage | null | { error: ImagePickError }

/**
 * The backup folder the admin chose (used from the next start of the embedded backend), null when
 * they cancel, or why the folder was refused.
 */
export type BackupFolderChoice = { folder: string } | null | { error: string }

/** How the system print dialog ended: printed, null when the user cancelled it, or why it failed. */
export type PrintResult = { printed: true } | null | { error: string }

/** Where "Save as PDF" wrote the file, null when the save dialog was cancelled, or why it was not saved. */
export type PdfSaveResult = { saved: string } | null | { error: string }

/** The longest file name the renderer may suggest for a PDF. */
export const MAX_PDF_NAME_LENGTH = 120
// CSV export (issue 20): main saves what the renderer streams, chunk by chunk (src/main/csvExport.ts).

/** The largest chunk main accepts in one write: a page of a thousand bookings is about 150 KB. */
export const MAX_EXPORT_CHUNK_CHARS = 4 * 1024 * 1024

/** An export main opened (write to it by its id), null when the user cancels the save dialog, or why not. */
export type ExportOpenResult = { id: string } | null | { error: string }

/** A chunk written or the file completed; on an error main has already removed the partial file. */
export type ExportStepResult = { ok: true } | { error: string }

export interface IpcContract {
  'renderer:backend-config': { args: []; result: BackendEndpoint }
  'renderer:connection-get': { args: []; result: Connection }
  'renderer:connection-set': { args: [connection: Connection]; result: ConnectionSetResult }
  'renderer:session-get': { args: []; result: string | null }
  'renderer:session-set': { args: [refreshToken: string]; result: SessionSaveResult }
  'renderer:session-delete': { args: []; result: void }
  'renderer:image-pick': { args: []; result: ImagePickResult }
  'renderer:backups-choose-folder': { args: []; result: BackupFolderChoice }
  // Printing (issue 20): the print view on screen, through the system dialog or into a PDF.
  'renderer:print-dialog': { args: []; result: PrintResult }
  'renderer:print-save-pdf': { args: [suggestedName: string]; result: PdfSaveResult }
  'renderer:export-open': { args: [suggestedName: string]; result: ExportOpenResult }
  'renderer:export-write': { args: [id: string, chunk: string]; result: ExportStepResult }
  'renderer:export-close': { args: [id: string]; result: ExportStepResult }
  'renderer:export-abort': { args: [id: string]; result: void }
}

export type IpcChannel = keyof IpcContract
export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args']
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result']
