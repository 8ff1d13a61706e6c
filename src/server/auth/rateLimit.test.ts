import { describe, expect, it } from 'vitest'
import { FailureBackoff, WindowCounter } from './rateLimit'

describe('WindowCounter', () => {
  it('blocks a key after the limit until the window has passed', () => {
    let now = 0
    const counter = new WindowCounter({ limit: 3, windowSeconds: 60 }, () => now)
    for (let i = 0; i < 3; i++) {
      expect(counter.retryAfter('a')).toBe(0)
      counter.record('a')
      now += 1000
    }
    expect(counter.retryAfter('a')).toBe(57)
    expect(counter.retryAfter('b')).toBe(0)
    now = 60_001
    expect(counter.retryAfter('a')).toBe(0)
  })

  it('keeps at most maxKeys keys', () => {
    const counter = new WindowCounter({ limit: 1, windowSeconds: 60 }, () => 0, 2)
    counter.record('a')
    counter.record('b')
    counter.record('c')
    expect(counter.retryAfter('a')).toBe(0)
    expect(counter.retryAfter('c')).toBeGreaterThan(0)
  })
})

describe('FailureBackoff', () => {
  const rule = { freeFailures: 2, firstDelaySeconds: 2, maxDelaySeconds: 10, forgetAfterSeconds: 100 }

  it('lets the free failures through, then doubles the wait after each failure up to the cap', () => {
    let now = 0
    const backoff = new FailureBackoff(rule, () => now)
    backoff.record('a')
    backoff.record('a')
    const waits: number[] = []
    for (let i = 0; i < 4; i++) {
      const wait = backoff.retryAfter('a')
      waits.push(wait)
      now += wait * 1000
      expect(backoff.retryAfter('a')).toBe(0)
      backoff.record('a')
    }
    expect(waits).toEqual([2, 4, 8, 10])
    expect(backoff.retryAfter('b')).toBe(0)
  })

  it('starts over after a success or a long quiet', () => {
    let now = 0
    const backoff = new FailureBackoff(rule, () => now)
    for (let i = 0; i < 3; i++) backoff.record('a')
    expect(backoff.retryAfter('a')).toBe(4)
    backoff.reset('a')
    expect(backoff.retryAfter('a')).toBe(0)

    for (let i = 0; i < 6; i++) backoff.record('b')
    expect(backoff.retryAfter('b')).toBe(10)
    now = 100_001
    backoff.record('b')
    expect(backoff.retryAfter('b')).toBe(0)
  })

  it('keeps at most maxKeys keys', () => {
    const backoff = new FailureBackoff({ ...rule, freeFailures: 0 }, () => 0, 2)
    backoff.record('a')
    backoff.record('b')
    backoff.record('c')
    expect(backoff.retryAfter('a')).toBe(0)
    expect(backoff.retryAfter('c')).toBeGreaterThan(0)
  })
})
