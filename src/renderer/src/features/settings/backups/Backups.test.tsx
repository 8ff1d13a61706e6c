import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BackupStatus } from '@shared/backups'
import type { Connection } from '@shared/ipc'
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

function renderWith(connection?: Connection) {
  const get = vi.fn(async () => connection!)
  const platform: Platform = {
    kind: connection ? 'electron' : 'web',
    loadBackendConfig: vi.fn(),
    sessionStorageFor: vi.fn(),
    pickImage: vi.fn(),
    connection: connection && { get, set: vi.fn() },
  }
  render(
    <PlatformContext.Provider value={platform}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Backups />
      </QueryClientProvider>
    </PlatformContext.Provider>,
  )
  return { get }
}

const panel = () => screen.findByRole('region', { name: 'Backups' })

describe('Backups (Settings)', () => {
  beforeEach(() => {
    vi.mocked(getBackupStatus).mockReset().mockResolvedValue(STARTED)
    vi.mocked(backUpNow).mockReset().mockResolvedValue(AFTER)
  })

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
})
