import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BATCH_MS, createInvalidationBatch, invalidateLive } from './invalidationBatch'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('createInvalidationBatch', () => {
  it('invalidates each key once for a burst of a hundred changes, BATCH_MS after the first', () => {
    const invalidate = vi.fn()
    const batch = createInvalidationBatch(invalidate)
    for (let change = 0; change < 100; change++) {
      batch.add([['bookings'], ['dashboard']])
      vi.advanceTimersByTime(BATCH_MS / 200)
    }
    batch.add([['calendar'], ['bookings']])
    expect(invalidate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(BATCH_MS)
    expect(invalidate.mock.calls).toEqual([[['bookings']], [['dashboard']], [['calendar']]])
  })

  it('tells equal keys apart from different ones by value', () => {
    const invalidate = vi.fn()
    const batch = createInvalidationBatch(invalidate)
    batch.add([['booking', 7]])
    batch.add([
      ['booking', 7],
      ['booking', 8],
    ])
    vi.advanceTimersByTime(BATCH_MS)
    expect(invalidate.mock.calls).toEqual([[['booking', 7]], [['booking', 8]]])
  })

  it('starts a new batch for a change after the last one went out', () => {
    const invalidate = vi.fn()
    const batch = createInvalidationBatch(invalidate)
    batch.add([['cabins']])
    vi.advanceTimersByTime(BATCH_MS)
    batch.add([['cabins']])
    vi.advanceTimersByTime(BATCH_MS)
    expect(invalidate).toHaveBeenCalledTimes(2)
  })

  it('drops what is queued when cancelled', () => {
    const invalidate = vi.fn()
    const batch = createInvalidationBatch(invalidate)
    batch.add([['settings']])
    batch.cancel()
    vi.advanceTimersByTime(BATCH_MS * 2)
    expect(invalidate).not.toHaveBeenCalled()
  })
})

describe('invalidateLive', () => {
  it('lets a refetch under way land, then asks once more; it does not cancel and restart it', async () => {
    vi.useRealTimers()
    const queryClient = new QueryClient()
    const answers: ((rows: number) => void)[] = []
    const observer = new QueryObserver(queryClient, {
      queryKey: ['bookings', 1],
      queryFn: ({ signal }) =>
        new Promise<number>((resolve, reject) => {
          answers.push(resolve)
          signal.addEventListener('abort', () => reject(new Error('cancelled')))
        }),
    })
    const shown: (number | undefined)[] = [undefined]
    const unsubscribe = observer.subscribe(({ data }) => data !== shown.at(-1) && shown.push(data))
    await vi.waitFor(() => expect(answers).toHaveLength(1))

    const refresh = invalidateLive(queryClient)(['bookings'])
    answers[0](10)
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1](11)
    await refresh
    expect(shown).toEqual([undefined, 10, 11])
    unsubscribe()
  })
})
