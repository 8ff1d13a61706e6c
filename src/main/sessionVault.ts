import type { SessionSaveResult } from '../shared/ipc'

/** The part of keytar the vault uses; injected so tests can run with a real or a broken keychain. */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export const KEYCHAIN_SERVICE = 'Innkeeper'

export interface SessionVault {
  get(account: string): Promise<string | null>
  set(account: string, refreshToken: string): Promise<SessionSaveResult>
  delete(account: string): Promise<void>
}

/**
 * Keeps the Supabase refresh token, one entry per backend, in the OS keychain and nowhere else
 * on disk. If the keychain cannot be used (no Secret Service on a Linux desktop, a locked
 * keychain, keytar failing to load: `keychain` is null) the tokens live in memory for the rest
 * of this run and the first save says so, so the renderer can tell the user once.
 */
export function createSessionVault(
  keychain: Keychain | null,
  options: { service?: string; log?: (message: string) => void } = {},
): SessionVault {
  const service = options.service ?? KEYCHAIN_SERVICE
  const log = options.log ?? ((message) => console.warn(message))
  const memory = new Map<string, string>()
  let usable = keychain
  let announced = false

  async function withKeychain<T>(operation: (keychain: Keychain) => Promise<T>): Promise<T | undefined> {
    if (!usable) return undefined
    try {
      return await operation(usable)
    } catch (error) {
      // One failure is enough: retrying on every call would also retry the OS unlock prompt.
      usable = null
      log(`Keychain unusable, keeping the session in memory until quit: ${describeError(error)}`)
      return undefined
    }
  }

  return {
    async get(account) {
      const stored = await withKeychain((k) => k.getPassword(service, account))
      return stored ?? memory.get(account) ?? null
    },

    async set(account, refreshToken) {
      const saved = await withKeychain(async (k) => {
        await k.setPassword(service, account, refreshToken)
        return true
      })
      if (saved) {
        memory.delete(account)
        return { persistent: true, announce: false }
      }
      memory.set(account, refreshToken)
      const announce = !announced
      announced = true
      return { persistent: false, announce }
    },

    async delete(account) {
      memory.delete(account)
      await withKeychain((k) => k.deletePassword(service, account))
    },
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
