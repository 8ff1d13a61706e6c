import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { supabase } from '../../lib/supabase'
import {
  connectRendererTo,
  startEmbeddedBackend,
  type EmbeddedBackend,
  type EmbeddedBackendOptions,
} from '../../test/embeddedBackend'
import type { Platform } from '../../platform/types'
import { DemoBanner } from '../../app/DemoBanner'
import { PlatformContext } from '../../app/PlatformContext'
import LoginPage from './LoginPage'
import { DESK_STATUS_QUERY_KEY } from './ownerService'

/** The login screen against the real embedded backend: a new desk's first run creates its owner. */
// Typing into Ant Design's fields and hashing a password on a shared machine take longer than 5 s.
describe('the login screen', { timeout: 60_000 }, () => {
  let server: EmbeddedBackend | undefined
  let queryClient: QueryClient
  afterEach(async () => {
    await supabase().auth.stopAutoRefresh()
    await server?.stop()
  })

  async function open(options: EmbeddedBackendOptions, kind: Platform['kind'] = 'electron') {
    server = await startEmbeddedBackend(options)
    const platform = connectRendererTo(server, kind)
    render(
      <PlatformContext.Provider value={platform}>
        <QueryClientProvider client={(queryClient = new QueryClient())}>
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/dashboard" element={<p>The dashboard</p>} />
            </Routes>
          </MemoryRouter>
          <DemoBanner />
        </QueryClientProvider>
      </PlatformContext.Provider>,
    )
  }

  it('on a new desk, creates the owner account, validated like a new user, and signs in as staff', async () => {
    await open({ demo: false, ownerSetup: true })
    await screen.findByRole('heading', { name: 'Create the owner account' }, { timeout: 10_000 })
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Owner')
    await userEvent.click(screen.getByRole('button', { name: 'Create the owner account' }))
    // Everything but the full name is still empty: the business name is asked for like the rest.
    // The form's messages appear one by one: wait for all four, not the first.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4))
    await userEvent.type(screen.getByLabelText('Business name'), 'Cabins by the Lake')
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email')
    await userEvent.type(screen.getByLabelText('Password (min 8 characters)'), 'short')
    await userEvent.type(screen.getByLabelText('Repeat password'), 'other')
    await userEvent.click(screen.getByRole('button', { name: 'Create the owner account' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()

    await userEvent.clear(screen.getByLabelText('Email address'))
    await userEvent.type(screen.getByLabelText('Email address'), 'ana@example.com')
    await userEvent.clear(screen.getByLabelText('Password (min 8 characters)'))
    await userEvent.type(screen.getByLabelText('Password (min 8 characters)'), 'owner-password')
    await userEvent.clear(screen.getByLabelText('Repeat password'))
    await userEvent.type(screen.getByLabelText('Repeat password'), 'owner-password')
    await userEvent.click(screen.getByRole('button', { name: 'Create the owner account' }))
    await screen.findByText('The dashboard', undefined, { timeout: 15_000 })
    const { data: isStaff } = await supabase().rpc('is_staff')
    expect(isStaff).toBe(true)
    const { data: settings } = await supabase().from('settings').select('businessName').single()
    expect(settings?.businessName).toBe('Cabins by the Lake')
  })

  it('shows the usual login where the desk already has staff', async () => {
    // The demo's staff exist: the owner set-up is offered by this server, and says no.
    await open({ demo: true, ownerSetup: true })
    await vi.waitFor(() => expect(queryClient.getQueryState(DESK_STATUS_QUERY_KEY)?.status).toBe('success'), {
      timeout: 10_000,
    })
    expect(queryClient.getQueryData(DESK_STATUS_QUERY_KEY)).toEqual({ needsOwner: false, demo: false })
    expect(screen.getByRole('heading')).toHaveTextContent('Log in to your account')
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument()
  })

  it('shows the usual login where the backend has no owner set-up (hosted Supabase)', async () => {
    await open({ demo: false })
    await vi.waitFor(() => expect(queryClient.getQueryState(DESK_STATUS_QUERY_KEY)?.status).toBe('success'), {
      timeout: 10_000,
    })
    expect(screen.getByRole('heading')).toHaveTextContent('Log in to your account')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('never asks in web mode (its server has no owner set-up)', async () => {
    await open({ demo: false, ownerSetup: true }, 'web')
    await screen.findByRole('button', { name: 'Login' })
    // Asked for on mount when enabled: still idle and without an answer means never sent.
    expect(queryClient.getQueryState(DESK_STATUS_QUERY_KEY)).toMatchObject({
      fetchStatus: 'idle',
      dataUpdatedAt: 0,
    })
    expect(screen.getByRole('heading')).toHaveTextContent('Log in to your account')
  })

  it('says on the screen that the desktop’s demo folder holds demo data', async () => {
    await open({ demo: true, demoData: true })
    expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent(
      'Demo data — bookings here are not real',
    )
    expect(screen.getByRole('heading')).toHaveTextContent('Log in to your account')
  })
})
