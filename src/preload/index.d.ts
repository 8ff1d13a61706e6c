import type {
  BackendEndpoint,
  BackupFolderChoice,
  Connection,
  ConnectionSetResult,
  ExportOpenResult,
  ExportStepResult,
  ImagePickResult,
  PdfSaveResult,
  PrintResult,
  SessionSaveResult,
} from '../shared/ipc'

declare global {
  /** What the preload exposes to the renderer as `window.innkeeper`: named functions only. */
  interface InnkeeperApi {
    backend: {
      /** The URL and anon key supabase-js should use, once the backend is ready. */
      getConfig(): Promise<BackendEndpoint>
    }
    connection: {
      get(): Promise<Connection>
      /** Saves the choice and reloads the window onto the new backend. */
      set(connection: Connection): Promise<ConnectionSetResult>
    }
    session: {
      getRefreshToken(): Promise<string | null>
      setRefreshToken(refreshToken: string): Promise<SessionSaveResult>
      deleteRefreshToken(): Promise<void>
    }
    /** The native open dialog, filtered to images; null on cancel. */
    pickImage(): Promise<ImagePickResult>
    backups: {
      /** The native folder dialog; the embedded backend backs up there from its next start. */
      chooseFolder(): Promise<BackupFolderChoice>
    }
    printing: {
      /** The system print dialog for the print view on screen. */
      print(): Promise<PrintResult>
      /** The print view on screen as an A4 PDF, saved where the user chooses. */
      savePdf(suggestedName: string): Promise<PdfSaveResult>
    }
    /** A CSV export saved by main: the save dialog, then the chunks, then close (or abort). */
    csvExport: {
      open(suggestedName: string): Promise<ExportOpenResult>
      write(id: string, chunk: string): Promise<ExportStepResult>
      close(id: string): Promise<ExportStepResult>
      abort(id: string): Promise<void>
    }
  }

  interface Window {
    innkeeper: InnkeeperApi
  }
}

export {}
