import { describe, expect, it, vi } from 'vitest'
import { createSessionVault, type Keychain } from './sessionVault'

function memoryKeychain(): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  }
}

const brokenKeychain = (): Keychain => {
  const fail = vi.fn(async () => {
    throw new Error('The name org.freedesktop.secrets was not provided by any .service files')
  })
  return { getPassword: fail, setPassword: fail, deletePassword: fail }
}

describe('session vault', () => {
  it('keeps one refresh token per backend in the keychain under the Innkeeper service', async () => {
    const keychain = memoryKeychain()
    const vault = createSessionVault(keychain)
    expect(await vault.set('local', 'local-token')).toEqual({ persistent: true, announce: false })
    await vault.set('https://abcd.supabase.co', 'hosted-token')
    expect(keychain.entries).toEqual(
      new Map([
        ['Innkeeper/local', 'local-token'],
        ['Innkeeper/https://abcd.supabase.co', 'hosted-token'],
      ]),
    )
    expect(await vault.get('local')).toBe('local-token')
    await vault.delete('local')
    expect(await vault.get('local')).toBeNull()
    expect(await vault.get('https://abcd.supabase.co')).toBe('hosted-token')
  })

  it('falls back to memory when the keychain fails, and announces it once', async () => {
    const log = vi.fn()
    const keychain = brokenKeychain()
    const vault = createSessionVault(keychain, { log })

    expect(await vault.get('local')).toBeNull()
    expect(await vault.set('local', 'token-1')).toEqual({ persistent: false, announce: true })
    expect(await vault.set('local', 'token-2')).toEqual({ persistent: false, announce: false })
    expect(await vault.get('local')).toBe('token-2')
    await vault.delete('local')
    expect(await vault.get('local')).toBeNull()

    // One failure is enough; the keychain (and its unlock prompt) is not retried on every call.
    expect(keychain.getPassword).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]![0]).toContain('keeping the session in memory until quit')
  })

  it('works in memory when keytar could not be loaded at all', async () => {
    const vault = createSessionVault(null)
    expect(await vault.set('local', 'token')).toEqual({ persistent: false, announce: true })
    expect(await vault.get('local')).toBe('token')
  })
})
