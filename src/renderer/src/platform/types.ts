import type { SupportedStorage } from '@supabase/supabase-js'
import type { IpcArgs, IpcResult } from '@shared/ipc'

/** Where the renderer finds its backend: the embedded one or a hosted Supabase project. */
export interface BackendConfig {
  supabaseUrl: string
  supabaseAnonKey: string
}

/** Reading and changing which backend the desktop app uses; main keeps the choice in the app's config. */
export interface ConnectionControl {
  get(): Promise<IpcResult<'renderer:connection-get'>>
  /** On success main reloads the window onto the new backend. */
  set(...connection: IpcArgs<'renderer:connection-set'>): Promise<IpcResult<'renderer:connection-set'>>
}

/** Choosing where the embedded backend keeps its backups; main keeps the choice in the app's config. */
export interface BackupFolderControl {
  /** The native folder dialog; the folder is used from the backend's next start. */
  chooseFolder(): Promise<IpcResult<'renderer:backups-choose-folder'>>
}

/** Printing the print view on screen (a route of its own, styled for paper). */
export interface PrintControl {
  /** The print dialog: the system's through main in the desktop app, the browser's in web mode. */
  print(): Promise<void>
  /**
   * Only in the desktop app (a browser's print dialog has its own "Save as PDF"): the page as an A4
   * PDF where the user chooses; the path saved, or null when the user cancelled.
   */
  savePdf?(suggestedName: string): Promise<string | null>
}

/**
 * A file an export streams into, chunk after chunk. A file only ever carries its name complete: until
 * `close()` succeeds it is partial, and `abort()` removes it (the desktop's `.part` file, Chromium's
 * swap file) or drops it (web mode's download, made only at `close()`).
 */
export interface CsvSink {
  write(chunk: string): Promise<void>
  close(): Promise<void>
  abort(): Promise<void>
}

/**
 * What differs between the desktop app and web mode, chosen once at start-up.
 * Everything else in the renderer is the same code in both.
 */
export interface Platform {
  readonly kind: 'web' | 'electron'
  loadBackendConfig(): Promise<BackendConfig>
  /** The auth storage supabase-js keeps its session in, for one backend. */
  sessionStorageFor(config: BackendConfig): SupportedStorage
  /** Lets the user choose an image file; null when they cancel. */
  pickImage(): Promise<File | null>
  readonly printing: PrintControl
  /**
   * Asks where to save a CSV export (desktop: main's save dialog; web: the browser's), null when the
   * user cancels. Call it straight from the click: a browser asks only during a user's gesture.
   */
  saveCsv(suggestedName: string): Promise<CsvSink | null>
  /** Only where the backend can be chosen (the desktop app); web mode is served by its backend. */
  readonly connection?: ConnectionControl
  /** Only in the desktop app: in web mode the backend's folder is set where it is started. */
  readonly backupFolder?: BackupFolderControl
}
