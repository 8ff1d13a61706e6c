import { performance } from 'node:perf_hooks'
import bcryptjs from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { BCRYPT_COST } from '../config'
import { AuthError } from './errors'
import { checkNewPassword, comparisonTarget, hashPassword, verifyPassword } from './passwords'

describe('passwords', () => {
  it('hashes with bcrypt at cost 10 and verifies', async () => {
    const hash = await hashPassword('innkeeper-demo')
    expect(hash).toMatch(/^\$2b\$10\$/)
    expect(await verifyPassword('innkeeper-demo', hash)).toBe(true)
    expect(await verifyPassword('innkeeper-demO', hash)).toBe(false)
    // Another implementation reads it too (hosted GoTrue and older builds of this server).
    expect(await bcryptjs.compare('innkeeper-demo', hash)).toBe(true)
  })

  it('verifies the $2a$ and $2b$ hashes of bcryptjs and GoTrue already stored in databases', async () => {
    const bcryptjsHash = await bcryptjs.hash('stored-before', 10)
    expect(bcryptjsHash).toMatch(/^\$2b\$10\$/)
    expect(await verifyPassword('stored-before', bcryptjsHash)).toBe(true)
    const goTrueStyle = bcryptjsHash.replace(/^\$2b\$/, '$2a$')
    expect(await verifyPassword('stored-before', goTrueStyle)).toBe(true)
    expect(await verifyPassword('stored-after', goTrueStyle)).toBe(false)
    expect(await verifyPassword('stored-before', 'not a bcrypt hash')).toBe(false)
  })

  it('compares an unknown account against a hash of the same cost, and never matches', async () => {
    // The same work as a real comparison, so the answer's timing does not tell whether an email exists.
    const costOf = (bcryptHash: string) => Number(bcryptHash.split('$')[2])
    expect(costOf(await comparisonTarget(null))).toBe(BCRYPT_COST)
    expect(costOf(await comparisonTarget(''))).toBe(BCRYPT_COST)
    expect(await verifyPassword('innkeeper-no-such-user', null)).toBe(false)
    expect(await verifyPassword('', undefined)).toBe(false)
  })

  it('hashes off the event loop, which stays idle while a hash is computed', async () => {
    // bcryptjs computed in JavaScript: the loop was busy for the whole hash (utilisation ~1).
    const before = performance.eventLoopUtilization()
    await Promise.all([hashPassword('x-password'), verifyPassword('x-password', null)])
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.5)
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
