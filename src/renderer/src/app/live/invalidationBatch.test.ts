import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BATCH_MS, createInvalidationBatch } from './invalidationBatch'

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
