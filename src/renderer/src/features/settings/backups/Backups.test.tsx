import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BackupStatus } from '@shared/backups'
import type { BackupFolderChoice, Connection } from '@shared/ipc'
import { PlatformContext } from '../../../app/PlatformContext'
import type { Platform } from '../../../platform/types'
import { Backups, formatBytes } from './Backups'
import { backUpNow, getBackupStatus } from './service'

vi.mock('./service', () => ({ getBackupStatus: vi.fn(), backUpNow: vi.fn() }))

const STARTED: BackupStatus = {
  dir: 'D:\\Innkeeper backups',
  last: { name: '2026-06-15T03-00-00-000Z', createdAt: '2026-06-15T03:00:00.000Z', bytes: 12_345_678 },
}
const AFTER: BackupStatus = {
  dir: STARTED.dir,
  last: { name: '2026-06-15T09-30-00-000Z', createdAt: '2026-06-15T09:30:00.000Z', bytes: 12_400_000 },
}

/** Web mode without a connection; the desktop app with one, whose folder dialog answers `chosen`. */
function renderWith(connection?: Connection, chosen: BackupFolderChoice = null) {
  const get = vi.fn(async () => connection!)
  const chooseFolder = vi.fn(async () => chosen)
  const platform: Platform = {
    kind: connection ? 'electron' : 'web',
    loadBackendConfig: vi.fn(),
    sessionStorageFor: vi.fn(),
    pickImage: vi.fn(),
    printing: { print: vi.fn() },
    saveCsv: vi.fn(),
    connection: connection && { get, set: vi.fn() },
    backupFolder: connection && { chooseFolder },
  }
  render(
    <PlatformContext.Provider value={platform}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Backups />
        <Toaster />
      </QueryClientProvider>
    </PlatformContext.Provider>,
  )
  return { get, chooseFolder }
}

const panel = () => screen.findByRole('region', { name: 'Backups' })

describe('Backups (Settings)', () => {
  beforeEach(() => {
    vi.mocked(getBackupStatus).mockReset().mockResolvedValue(STARTED)
    vi.mocked(backUpNow).mockReset().mockResolvedValue(AFTER)
  })
  afterEach(() => toast.remove())

  it('shows the last backup (time, size, where) in web mode, and "Back up now" shows the new one', async () => {
    renderWith(undefined)
    await panel()
    expect(screen.getByText(STARTED.dir)).toBeInTheDocument()
    expect(
      screen.getByText(`${new Date(STARTED.last!.createdAt).toLocaleString()} (11.8 MB)`),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }))
    expect(backUpNow).toHaveBeenCalledTimes(1)
    expect(
      await screen.findByText(`${new Date(AFTER.last!.createdAt).toLocaleString()} (11.8 MB)`),
    ).toBeInTheDocument()
  })

  it('shows on the desktop app while it uses the built-in database', async () => {
    renderWith({ mode: 'local' })
    expect(await panel()).toBeInTheDocument()
  })

  it('is not shown for a hosted Supabase project, which has no backups, and asks nothing', async () => {
    const { get } = renderWith({
      mode: 'hosted',
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'anon',
    })
    // Once the connection is read and React has rendered with it, nothing is shown or asked.
    await vi.waitFor(() => expect(get).toHaveBeenCalled())
    await act(() => get.mock.results[0].value)
    expect(screen.queryByText('Backups')).not.toBeInTheDocument()
    expect(getBackupStatus).not.toHaveBeenCalled()
  })

  it('is not shown where the backend makes no backups', async () => {
    vi.mocked(getBackupStatus).mockResolvedValue(null)
    renderWith(undefined)
    await vi.waitFor(() => expect(getBackupStatus).toHaveBeenCalled())
    expect(screen.queryByRole('region', { name: 'Backups' })).not.toBeInTheDocument()
  })

  it('says "None yet" before the first backup, and sizes in kB or MB', async () => {
    vi.mocked(getBackupStatus).mockResolvedValue({ dir: '/data/backups', last: null })
    renderWith(undefined)
    await panel()
    expect(screen.getByText('None yet')).toBeInTheDocument()
    expect(formatBytes(2048)).toBe('2 kB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB')
  })

  it('offers "Change folder…" only in the desktop app', async () => {
    renderWith(undefined)
    await panel()
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change folder…' })).not.toBeInTheDocument()
  })

  it('"Change folder…" asks main for a folder, says when it takes effect, and reads the status again', async () => {
    const { chooseFolder } = renderWith({ mode: 'local' }, { folder: 'E:\\Backups' })
    await panel()
    expect(getBackupStatus).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Change folder…' }))
    expect(chooseFolder).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Backups go to E:\\Backups from the next start')).toBeInTheDocument()
    await vi.waitFor(() => expect(getBackupStatus).toHaveBeenCalledTimes(2))
  })

  it('shows why a folder was refused, and changes nothing', async () => {
    const refused = 'Innkeeper cannot write to F:\\ (EACCES). Choose another folder.'
    renderWith({ mode: 'local' }, { error: refused })
    await panel()
    await userEvent.click(screen.getByRole('button', { name: 'Change folder…' }))
    expect(await screen.findByText(refused)).toBeInTheDocument()
    expect(getBackupStatus).toHaveBeenCalledTimes(1)
  })

  it('does nothing when the dialog is cancelled', async () => {
    const { chooseFolder } = renderWith({ mode: 'local' }, null)
    await panel()
    await userEvent.click(screen.getByRole('button', { name: 'Change folder…' }))
    await vi.waitFor(() => expect(chooseFolder).toHaveBeenCalledTimes(1))
    await act(() => chooseFolder.mock.results[0].value)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(getBackupStatus).toHaveBeenCalledTimes(1)
  })
})
