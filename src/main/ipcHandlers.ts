import type { BackupFolderChoice, ImagePickResult, PdfSaveResult, PrintResult } from '../shared/ipc'
import type { BackendController } from './backendController'
import { backendId } from './connectionConfig'
import type { CsvExports } from './csvExport'
import type { IpcHandlers } from './ipc'
import type { SessionVault } from './sessionVault'

export interface IpcHandlerDeps {
  controller: BackendController
  vault: SessionVault
  pickImage(): Promise<ImagePickResult>
  chooseBackupFolder(): Promise<BackupFolderChoice>
  /** The system print dialog for the window's page (printing.ts). */
  printPage(): Promise<PrintResult>
  /** The window's page as a PDF, through a save dialog (printing.ts). */
  savePageAsPdf(suggestedName: string): Promise<PdfSaveResult>
  csvExports: CsvExports
  /** Reloads the window onto the backend just switched to. */
  reloadRenderer(): void
}

/**
 * What main answers on each channel. The session channels take no account: main decides which
 * backend the keychain entry belongs to, so a page cannot read another backend's token.
 */
export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlers {
  const { controller, vault } = deps
  const account = () => backendId(controller.connection())

  return {
    'renderer:backend-config': () => {
      const endpoint = controller.endpoint()
      if (!endpoint) throw new Error('The backend is not ready')
      return endpoint
    },
    'renderer:connection-get': () => controller.connection(),
    'renderer:connection-set': async (connection) => {
      const leaving = account()
      const result = await controller.switchTo(connection)
      if (result.ok) {
        // Switching signs the desk out of the backend it leaves, as the confirmation promises.
        await vault.delete(leaving)
        setImmediate(deps.reloadRenderer)
      }
      return result
    },
    'renderer:session-get': () => vault.get(account()),
    'renderer:session-set': (refreshToken) => vault.set(account(), refreshToken),
    'renderer:session-delete': () => vault.delete(account()),
    'renderer:image-pick': () => deps.pickImage(),
    'renderer:backups-choose-folder': () => deps.chooseBackupFolder(),
    'renderer:print-dialog': () => deps.printPage(),
    'renderer:print-save-pdf': (suggestedName) => deps.savePageAsPdf(suggestedName),
    'renderer:export-open': (suggestedName) => deps.csvExports.open(suggestedName),
    'renderer:export-write': (id, chunk) => deps.csvExports.write(id, chunk),
    'renderer:export-close': (id) => deps.csvExports.close(id),
    'renderer:export-abort': (id) => deps.csvExports.abort(id),
  }
}
