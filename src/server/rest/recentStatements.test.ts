import { describe, expect, it, vi } from 'vitest'
import { RecentStatements } from './recentStatements'

describe('RecentStatements', () => {
  it('builds a shape once and then hands out what it built', () => {
    const recent = new RecentStatements<string>(2)
    const build = vi.fn(() => 'select 1')
    expect(recent.get('a', build)).toBe('select 1')
    expect(recent.get('a', build)).toBe('select 1')
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('drops the least recently used shape past its size', () => {
    const recent = new RecentStatements<string>(2)
    recent.get('a', () => 'a1')
    recent.get('b', () => 'b1')
    recent.get('a', () => 'a2') // a is now the most recently used
    recent.get('c', () => 'c1') // b goes
    expect(recent.get('a', () => 'a3')).toBe('a1')
    expect(recent.get('b', () => 'b2')).toBe('b2')
  })
})
