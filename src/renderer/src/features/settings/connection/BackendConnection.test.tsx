import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Connection, ConnectionSetResult } from '@shared/ipc'
import { PlatformContext } from '../../../app/PlatformContext'
import type { ConnectionControl, Platform } from '../../../platform/types'
import { BackendConnection } from './BackendConnection'

const HOSTED: Connection = {
  mode: 'hosted',
  supabaseUrl: 'https://abcd.supabase.co',
  supabaseAnonKey: 'anon',
}

function fakeConnection(current: Connection, result: ConnectionSetResult = { ok: true }) {
  return {
    get: vi.fn(async () => current),
    set: vi.fn(async (): Promise<ConnectionSetResult> => result),
  } satisfies ConnectionControl
}

function renderSettingsWith(connection?: ConnectionControl) {
  const platform: Platform = {
    kind: connection ? 'electron' : 'web',
    loadBackendConfig: vi.fn(),
    sessionStorageFor: vi.fn(),
    pickImage: vi.fn(),
    printing: { print: vi.fn() },
    saveCsv: vi.fn(),
    connection,
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // Something the signed-in user loaded earlier, which a switch must forget.
  queryClient.setQueryData(['settings'], { breakfastPrice: 15 })
  render(
    <PlatformContext.Provider value={platform}>
      <QueryClientProvider client={queryClient}>
        <BackendConnection />
      </QueryClientProvider>
    </PlatformContext.Provider>,
  )
  return { queryClient }
}

const panel = () => screen.findByRole('region', { name: 'Backend connection' })

async function fillHostedProject(url: string, key: string) {
  if (url) await userEvent.type(screen.getByLabelText('Project URL'), url)
  if (key) await userEvent.type(screen.getByLabelText('Anon key'), key)
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
}

// Ant Design animates messages and dialogs in, which jsdom never finishes: presence is what is checked.
describe('BackendConnection', () => {
  it('is not offered in web mode, which is served by its own backend', () => {
    renderSettingsWith(undefined)
    expect(screen.queryByRole('region', { name: 'Backend connection' })).not.toBeInTheDocument()
    expect(screen.queryByText('Backend connection')).not.toBeInTheDocument()
  })

  it('shows that the desk uses the local database, with no way back to it', async () => {
    renderSettingsWith(fakeConnection({ mode: 'local' }))
    expect(
      await within(await panel()).findByText('This desk uses the built-in local database'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Use the local database' })).not.toBeInTheDocument()
  })

  it('shows the hosted project it is connected to', async () => {
    renderSettingsWith(fakeConnection(HOSTED))
    expect(await screen.findByText('Connected to abcd.supabase.co')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Use the local database' })).toBeEnabled()
  })

  it('says in plain words what is wrong before asking anything', async () => {
    const connection = fakeConnection({ mode: 'local' })
    renderSettingsWith(connection)
    await panel()

    await fillHostedProject('', '')
    expect(await screen.findByText('Enter the project URL')).toBeInTheDocument()
    expect(screen.getByText('Enter the project’s anon key')).toBeInTheDocument()

    await fillHostedProject('http://abcd.supabase.co', 'abc def')
    expect(await screen.findByText('The project URL must start with https://')).toBeInTheDocument()
    expect(screen.getByText('The anon key must not contain spaces')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(connection.set).not.toHaveBeenCalled()
  })

  it('connects after confirmation with the trimmed values, and forgets what was cached', async () => {
    const connection = fakeConnection({ mode: 'local' })
    const { queryClient } = renderSettingsWith(connection)
    await panel()

    await fillHostedProject('  https://abcd.supabase.co  ', ' the-anon-key ')
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Connect to abcd.supabase.co?')).toBeInTheDocument()
    expect(
      within(dialog).getByText('You will be signed out and Innkeeper will restart its connection.'),
    ).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }))

    expect(connection.set).toHaveBeenCalledExactlyOnceWith({
      mode: 'hosted',
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'the-anon-key',
    })
    await vi.waitFor(() => expect(queryClient.getQueryData(['settings'])).toBeUndefined())
  })

  it('asks nothing of main when the user cancels', async () => {
    const connection = fakeConnection(HOSTED)
    renderSettingsWith(connection)
    await userEvent.click(await screen.findByRole('button', { name: 'Use the local database' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Use the local database?')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(connection.set).not.toHaveBeenCalled()
  })

  it('goes back to the local database after confirmation', async () => {
    const connection = fakeConnection(HOSTED)
    renderSettingsWith(connection)
    await userEvent.click(await screen.findByRole('button', { name: 'Use the local database' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /local/ }))

    expect(connection.set).toHaveBeenCalledExactlyOnceWith({ mode: 'local' })
  })

  it('shows main’s reason when the switch fails, and keeps the user signed in', async () => {
    const error = 'The choice could not be saved: disk full'
    const connection = fakeConnection({ mode: 'local' }, { ok: false, error })
    const { queryClient } = renderSettingsWith(connection)
    await panel()

    await fillHostedProject('https://abcd.supabase.co', 'the-anon-key')
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Connect' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The connection was not changed')
    expect(alert).toHaveTextContent(error)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(queryClient.getQueryData(['settings'])).toEqual({ breakfastPrice: 15 })
  })
})
