import { join } from 'node:path'
import type { BackupFolderChoice } from '../shared/ipc'
import { errorReason as reason } from './errorReason'

export interface FolderDialog {
  (options: {
    title: string
    buttonLabel: string
    properties: Array<'openDirectory' | 'createDirectory'>
  }): Promise<{ canceled: boolean; filePaths: string[] }>
}

export interface FolderProbeFs {
  writeFile(path: string, data: string): Promise<void>
  rm(path: string, options: { force: boolean }): Promise<void>
}

export interface BackupFolderDeps {
  showOpenDialog: FolderDialog
  fs: FolderProbeFs
  /** Keeps the choice in the app's config file; the backend reads it when it next starts. */
  save(folder: string): Promise<void>
}

/** Written and removed again: the only test of writability that holds on every OS and network share. */
export const PROBE_FILE_NAME = '.innkeeper-write-test'

/**
 * Lets the admin choose where the embedded backend keeps its backups (another disk, a USB drive).
 * A folder Innkeeper cannot write to is refused now, not discovered by the first nightly backup.
 */
export async function chooseBackupFolder(deps: BackupFolderDeps): Promise<BackupFolderChoice> {
  const choice = await deps.showOpenDialog({
    title: 'Choose the backup folder',
    buttonLabel: 'Use this folder',
    properties: ['openDirectory', 'createDirectory'],
  })
  const folder = choice.filePaths[0]
  if (choice.canceled || folder === undefined) return null

  const probe = join(folder, PROBE_FILE_NAME)
  try {
    await deps.fs.writeFile(probe, 'Innkeeper checks it can write here; safe to delete.\n')
  } catch (error) {
    return { error: `Innkeeper cannot write to ${folder} (${reason(error)}). Choose another folder.` }
  }
  await deps.fs.rm(probe, { force: true }).catch(() => {})

  try {
    await deps.save(folder)
  } catch (error) {
    return { error: `The choice could not be saved: ${reason(error)}` }
  }
  return { folder }
}
