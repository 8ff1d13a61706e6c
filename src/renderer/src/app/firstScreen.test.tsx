import type { User } from '@supabase/supabase-js'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getCurrentUser, hasSession, signIn } from '../features/auth/service'
import { getDashboard, getTodayActivity, type Dashboard } from '../features/dashboard/service'
import { createQueryClient } from '../lib/queryClient'
import { webPlatform } from '../platform/web'
import { App } from './App'
import { createAppRouter, type AppRouter } from './router'

vi.mock('../features/auth/service', () => ({
  hasSession: vi.fn(),
  getCurrentUser: vi.fn(),
  // The sidebar asks for the role once signed in; an admin's shows every link.
  getOwnRole: vi.fn().mockResolvedValue('admin'),
  signIn: vi.fn(),
  signOut: vi.fn(),
  onSignedOut: () => () => {},
}))
vi.mock('../features/dashboard/service', () => ({ getDashboard: vi.fn(), getTodayActivity: vi.fn() }))
// No Realtime server here: the live updates stay connecting.
vi.mock('./live/liveConnection', () => ({ startLiveConnection: () => () => {} }))
vi.mock('../features/dashboard/charts/DashboardCharts', () => ({
  DurationChart: () => null,
  SalesChart: () => null,
}))

const staff = {
  id: 'u1',
  role: 'authenticated',
  user_metadata: { fullName: 'Demo Receptionist' },
} as unknown as User

const dashboardWith = (bookings: number): Dashboard => ({
  stats: { bookings, sales: 0, checkIns: 0, occupancyRate: 0, cabinCount: 8 },
  salesByDay: [],
  stayDurations: [],
})

/** An answer the test gives when it wants, as a server still working on it. */
function pending<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}

let router: AppRouter | undefined

function openApp(hash: string) {
  // As a page load: no hashchange event for the router to take for a second navigation.
  window.history.replaceState(null, '', hash)
  const queryClient = createQueryClient()
  router = createAppRouter(queryClient)
  render(<App platform={webPlatform} queryClient={queryClient} router={router} />)
}

const bookingsFigure = () => within(screen.getByRole('region', { name: 'Bookings' })).getByRole('paragraph')
/** The first render of a screen loads its lazy chunk, which a test run compiles first. */
const CHUNK_LOAD = { timeout: 10_000 }
// A test waits up to CHUNK_LOAD for a chunk, so it may take longer than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  vi.mocked(hasSession).mockResolvedValue(true)
  vi.mocked(getTodayActivity).mockResolvedValue([])
})

afterEach(() => {
  router?.dispose()
  vi.resetAllMocks()
})

describe('opening the app on the dashboard', () => {
  it('asks for the dashboard beside the session check, and shows it once the check has passed', async () => {
    const check = pending<User | null>()
    vi.mocked(getCurrentUser).mockReturnValue(check.promise)
    vi.mocked(getDashboard).mockResolvedValue(dashboardWith(12))
    openApp('#/dashboard?last=30')

    await vi.waitFor(() => expect(getDashboard).toHaveBeenCalledWith(expect.objectContaining({ days: 30 })))
    expect(screen.queryByRole('region', { name: 'Bookings' })).not.toBeInTheDocument()

    check.resolve(staff)
    await vi.waitFor(() => expect(bookingsFigure()).toHaveTextContent('12'), CHUNK_LOAD)
    expect(getDashboard).toHaveBeenCalledTimes(1)
  })

  it('asks for nothing without a stored session', async () => {
    vi.mocked(hasSession).mockResolvedValue(false)
    vi.mocked(getCurrentUser).mockResolvedValue(null)
    openApp('#/dashboard')

    expect(
      await screen.findByRole('heading', { name: 'Log in to your account' }, CHUNK_LOAD),
    ).toBeInTheDocument()
    expect(getDashboard).not.toHaveBeenCalled()
  })

  it('never shows what it got with a session the server has ended, not even after signing in', async () => {
    vi.mocked(getCurrentUser).mockResolvedValue(null)
    const fresh = pending<Dashboard>()
    vi.mocked(getDashboard).mockResolvedValueOnce(dashboardWith(111)).mockReturnValueOnce(fresh.promise)
    openApp('#/dashboard')

    expect(
      await screen.findByRole('heading', { name: 'Log in to your account' }, CHUNK_LOAD),
    ).toBeInTheDocument()
    expect(getDashboard).toHaveBeenCalledTimes(1)

    vi.mocked(signIn).mockResolvedValue(staff)
    vi.mocked(getCurrentUser).mockResolvedValue(staff)
    await userEvent.type(screen.getByLabelText('Email address'), 'demo@innkeeper.local')
    await userEvent.type(screen.getByLabelText('Password'), 'innkeeper-demo')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))

    // Signed in, the dashboard waits for its own answer rather than show the one got before.
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, CHUNK_LOAD)).toBeInTheDocument()
    expect(getDashboard).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('region', { name: 'Bookings' })).not.toBeInTheDocument()
    fresh.resolve(dashboardWith(222))
    await vi.waitFor(() => expect(bookingsFigure()).toHaveTextContent('222'), CHUNK_LOAD)
  })
})

describe('opening the app at its root', () => {
  it('opens the dashboard with a session', async () => {
    vi.mocked(getCurrentUser).mockResolvedValue(staff)
    vi.mocked(getDashboard).mockResolvedValue(dashboardWith(5))
    openApp('#/')

    await vi.waitFor(() => expect(bookingsFigure()).toHaveTextContent('5'), CHUNK_LOAD)
    expect(window.location.hash).toBe('#/dashboard')
  })

  it('opens the login without one', async () => {
    vi.mocked(hasSession).mockResolvedValue(false)
    vi.mocked(getCurrentUser).mockResolvedValue(null)
    openApp('#/')

    expect(
      await screen.findByRole('heading', { name: 'Log in to your account' }, CHUNK_LOAD),
    ).toBeInTheDocument()
    expect(window.location.hash).toBe('#/login')
  })
})
