import type { User } from '@supabase/supabase-js'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { USER_JUST_ASKED_MS, userQuery } from './userQuery'

const getCurrentUser = vi.fn(async () => ({ id: 'staff-1', role: 'authenticated' }) as User)
vi.mock('./service', () => ({ getCurrentUser: () => getCurrentUser() }))
vi.mock('./roleQuery', () => ({ startRoleCheck: vi.fn() }))

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A screen using the user (useUser) mounting: its observer subscribes. */
function mountScreen(queryClient: QueryClient) {
  return new QueryObserver(queryClient, userQuery).subscribe(() => {})
}

afterEach(() => getCurrentUser.mockClear())

describe('userQuery', () => {
  it('does not ask again when a screen mounts right after the route asked', async () => {
    const queryClient = new QueryClient()
    await queryClient.ensureQueryData(userQuery)
    const unmount = mountScreen(queryClient)
    await settle()
    expect(getCurrentUser).toHaveBeenCalledTimes(1)
    unmount()
  })

  it('asks again when a screen mounts later, so a changed user never stays on screen', async () => {
    const queryClient = new QueryClient()
    const askedAt = Date.now() - USER_JUST_ASKED_MS - 1
    queryClient.setQueryData(userQuery.queryKey, await getCurrentUser(), { updatedAt: askedAt })
    getCurrentUser.mockClear()
    const unmount = mountScreen(queryClient)
    await settle()
    expect(getCurrentUser).toHaveBeenCalledTimes(1)
    unmount()
  })
})
