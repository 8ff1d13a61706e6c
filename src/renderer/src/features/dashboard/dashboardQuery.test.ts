import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchDashboard, todayActivityQuery } from './dashboardQuery'

let resolveSession: (stored: boolean) => void = () => {}
vi.mock('../auth/service', () => ({
  hasSession: () => new Promise<boolean>((resolve) => (resolveSession = resolve)),
}))
const getTodayActivity = vi.fn(async () => [])
vi.mock('./service', () => ({
  getDashboard: vi.fn(async () => ({})),
  getTodayActivity: () => getTodayActivity(),
}))

const dashboardUrl = new URL('http://desk/#/dashboard')
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function clientWithTodayCached() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(todayActivityQuery().queryKey, [])
  return queryClient
}

afterEach(() => getTodayActivity.mockClear())

describe('prefetchDashboard', () => {
  it('asks for today again when coming back, even if the page mounts before the session check answers', async () => {
    const queryClient = clientWithTodayCached()
    prefetchDashboard(queryClient, dashboardUrl)
    // The page comes back on screen with the list it had, before hasSession answers.
    const page = new QueryObserver(queryClient, { ...todayActivityQuery(), refetchOnMount: false })
    const unsubscribe = page.subscribe(() => {})
    resolveSession(true)
    await settle()
    expect(getTodayActivity).toHaveBeenCalledTimes(1)
    unsubscribe()
  })

  it('leaves today be on a change of period, while the list is on screen', async () => {
    const queryClient = clientWithTodayCached()
    const page = new QueryObserver(queryClient, { ...todayActivityQuery(), refetchOnMount: false })
    const unsubscribe = page.subscribe(() => {})
    prefetchDashboard(queryClient, new URL('http://desk/#/dashboard?last=30'))
    resolveSession(true)
    await settle()
    expect(getTodayActivity).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('asks for nothing without a session', async () => {
    prefetchDashboard(clientWithTodayCached(), dashboardUrl)
    resolveSession(false)
    await settle()
    expect(getTodayActivity).not.toHaveBeenCalled()
  })
})
