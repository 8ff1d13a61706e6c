import { describe, expect, it } from 'vitest'
import { AuthError } from './errors'
import { checkNewPassword, hashPassword, verifyPassword } from './passwords'

describe('passwords', () => {
  it('hashes with bcrypt at cost 10 and verifies', async () => {
    const hash = await hashPassword('innkeeper-demo')
    expect(hash).toMatch(/^\$2[aby]\$10\$/)
    expect(await verifyPassword('innkeeper-demo', hash)).toBe(true)
    expect(await verifyPassword('innkeeper-demO', hash)).toBe(false)
  })

  it('never matches when there is no hash, but still spends the time of a comparison', async () => {
    const started = performance.now()
    expect(await verifyPassword('anything', null)).toBe(false)
    const withoutHash = performance.now() - started
    const hash = await hashPassword('x-password')
    const startedWithHash = performance.now()
    await verifyPassword('anything', hash)
    const withHash = performance.now() - startedWithHash
    expect(withoutHash).toBeGreaterThan(withHash / 4)
  })

  it('checks new passwords like GoTrue', () => {
    expect(checkNewPassword('123456', 'empty')).toBe('123456')
    expect(() => checkNewPassword('', 'Signup requires a valid password')).toThrow(
      'Signup requires a valid password',
    )
    expect(() => checkNewPassword(undefined, 'empty')).toThrow(AuthError)
    expect(() => checkNewPassword('12345', 'empty')).toThrow('Password should be at least 6 characters.')
    expect(() => checkNewPassword('é'.repeat(37), 'empty')).toThrow('longer than 72')
  })
})
