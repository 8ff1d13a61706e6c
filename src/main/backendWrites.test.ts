import { describe, expect, it, vi } from 'vitest'
import { trackBackendWrites, type WebRequestHooks } from './backendWrites'

function fakeHooks() {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const listeners: Record<string, (...args: any[]) => void> = {}
  const hooks = {
    onBeforeRequest: (listener) => (listeners.before = listener),
    onCompleted: (listener) => (listeners.completed = listener),
    onErrorOccurred: (listener) => (listeners.error = listener),
  } as WebRequestHooks
  const request = (id: number, method: string, url: string) => {
    const callback = vi.fn()
    listeners.before!({ id, method, url } as never, callback as never)
    expect(callback).toHaveBeenCalledWith({})
  }
  return {
    hooks,
    request,
    completed: (id: number) => listeners.completed!({ id } as never),
    failed: (id: number) => listeners.error!({ id } as never),
  }
}

describe('trackBackendWrites', () => {
  it('is busy while a write to the backend is in flight, until it completes or fails', () => {
    const fake = fakeHooks()
    const busy = trackBackendWrites(fake.hooks, () => 'http://127.0.0.1:43210')
    expect(busy()).toBe(false)
    fake.request(1, 'PATCH', 'http://127.0.0.1:43210/rest/v1/bookings?id=eq.7')
    fake.request(2, 'POST', 'http://127.0.0.1:43210/rest/v1/rpc/check_in')
    expect(busy()).toBe(true)
    fake.completed(1)
    expect(busy()).toBe(true)
    fake.failed(2)
    expect(busy()).toBe(false)
  })

  it('ignores reads, other hosts, and everything before the backend is known', () => {
    const fake = fakeHooks()
    const connected: { url?: string } = {}
    const busy = trackBackendWrites(fake.hooks, () => connected.url)
    fake.request(1, 'POST', 'http://127.0.0.1:43210/rest/v1/bookings')
    connected.url = 'http://127.0.0.1:43210'
    fake.request(2, 'GET', 'http://127.0.0.1:43210/rest/v1/bookings')
    fake.request(3, 'POST', 'https://updates.example.com/innkeeper')
    fake.request(4, 'POST', 'http://127.0.0.1:432100/rest/v1/bookings')
    expect(busy()).toBe(false)
  })
})
