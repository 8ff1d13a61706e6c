import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chooseBackupFolder, type FolderDialog } from './backupFolder'
import { readConnection, writeBackupDir } from './connectionConfig'

function dialogChoosing(path: string | null): FolderDialog & ReturnType<typeof vi.fn> {
  return vi.fn(async () =>
    path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] },
  )
}

let root: string
let configFile: string
const configFs = { readFile, writeFile, rename }
const fs = { writeFile: (path: string, data: string) => writeFile(path, data), rm }
const save = (folder: string) => writeBackupDir(configFs, configFile, folder)

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'innkeeper-backup-folder-'))
  configFile = join(root, 'innkeeper-config.json')
  await writeFile(configFile, JSON.stringify({ backend: { mode: 'local' } }))
})
afterEach(() => rm(root, { recursive: true, force: true }))

describe('chooseBackupFolder', () => {
  it('opens the native folder dialog, which may create a folder', async () => {
    const dialog = dialogChoosing(null)
    await chooseBackupFolder({ showOpenDialog: dialog, fs, save })
    expect(dialog).toHaveBeenCalledExactlyOnceWith({
      title: 'Choose the backup folder',
      buttonLabel: 'Use this folder',
      properties: ['openDirectory', 'createDirectory'],
    })
  })

  it('keeps a writable folder in the config file beside the backend, leaving nothing in the folder', async () => {
    const folder = join(root, 'other disk')
    await mkdir(folder)
    expect(await chooseBackupFolder({ showOpenDialog: dialogChoosing(folder), fs, save })).toEqual({ folder })
    expect(await readConnection(configFs, configFile)).toEqual({
      connection: { mode: 'local' },
      backupDir: folder,
    })
    expect(await readdir(folder)).toEqual([])
  })

  it('changes nothing when the dialog is cancelled', async () => {
    const before = await readFile(configFile, 'utf8')
    expect(await chooseBackupFolder({ showOpenDialog: dialogChoosing(null), fs, save })).toBeNull()
    expect(await readFile(configFile, 'utf8')).toBe(before)
  })

  it('refuses a folder it cannot write to, saying so, and keeps the old choice', async () => {
    await save(join(root, 'kept'))
    // A "folder" inside a file: no file can be written there, whoever runs the test (root too).
    const notAFolder = join(root, 'innkeeper-config.json', 'backups')
    expect(await chooseBackupFolder({ showOpenDialog: dialogChoosing(notAFolder), fs, save })).toEqual({
      error: `Innkeeper cannot write to ${notAFolder} (ENOTDIR). Choose another folder.`,
    })
    expect((await readConnection(configFs, configFile)).backupDir).toBe(join(root, 'kept'))
  })

  it('says when the choice could not be saved', async () => {
    const failing = async () => {
      throw new Error('disk full')
    }
    expect(await chooseBackupFolder({ showOpenDialog: dialogChoosing(root), fs, save: failing })).toEqual({
      error: 'The choice could not be saved: disk full',
    })
  })
})
