import { describe, expect, it } from 'vitest'
import { FailureCounter } from './rateLimit'

describe('FailureCounter', () => {
  it('blocks a key after the limit until the window has passed', () => {
    let now = 0
    const counter = new FailureCounter({ limit: 3, windowSeconds: 60 }, () => now)
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

  it('forgets a key on reset', () => {
    const counter = new FailureCounter({ limit: 1, windowSeconds: 60 }, () => 0)
    counter.record('a')
    expect(counter.retryAfter('a')).toBeGreaterThan(0)
    counter.reset('a')
    expect(counter.retryAfter('a')).toBe(0)
  })

  it('keeps at most maxKeys keys', () => {
    const counter = new FailureCounter({ limit: 1, windowSeconds: 60 }, () => 0, 2)
    counter.record('a')
    counter.record('b')
    counter.record('c')
    expect(counter.retryAfter('a')).toBe(0)
    expect(counter.retryAfter('c')).toBeGreaterThan(0)
  })
})
