import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionVault, KEYCHAIN_SERVICE, type Keychain } from './sessionVault'

// Runs against a real Secret Service: `npm run test:keychain` starts a private D-Bus session
// with an unlocked gnome-keyring in a temporary folder (tests/electron/with-secret-service.sh).

const keytar = createRequire(import.meta.url)('keytar') as Keychain & {
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}
const run = randomUUID()
const local = `test-local-${run}`
const hosted = `https://test-${run}.supabase.co`

beforeAll(() => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No D-Bus session: run these tests with `npm run test:keychain`')
  }
})

afterAll(async () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return
  for (const account of [local, hosted]) await keytar.deletePassword(KEYCHAIN_SERVICE, account)
})

describe('session vault on the OS keychain', () => {
  it('stores the refresh token in the keychain, where the next run finds it', async () => {
    const vault = createSessionVault(keytar)
    expect(await vault.set(local, 'refresh-1')).toEqual({ persistent: true, announce: false })

    const credentials = await keytar.findCredentials(KEYCHAIN_SERVICE)
    expect(credentials).toContainEqual({ account: local, password: 'refresh-1' })

    const nextRun = createSessionVault(keytar)
    expect(await nextRun.get(local)).toBe('refresh-1')
  })

  it('replaces the token when it rotates, and keeps backends apart', async () => {
    const vault = createSessionVault(keytar)
    await vault.set(local, 'refresh-1')
    await vault.set(hosted, 'hosted-1')
    await vault.set(local, 'refresh-2')
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, local)).toBe('refresh-2')
    expect(await vault.get(hosted)).toBe('hosted-1')
  })

  it('deletes the entry on logout', async () => {
    const vault = createSessionVault(keytar)
    await vault.set(local, 'refresh-3')
    await vault.delete(local)
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, local)).toBeNull()
    expect(await createSessionVault(keytar).get(local)).toBeNull()
    await vault.delete(local) // deleting what is not there is not an error
  })

  it('gets an error, not a hang, from keytar when there is no Secret Service (what triggers the fallback)', async () => {
    const probe = `require('keytar').getPassword('${KEYCHAIN_SERVICE}', 'probe').then(
      () => console.log('answered'), (error) => console.log('rejected: ' + error.message))`
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', probe], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/innkeeper-bus' },
      timeout: 20_000,
    })
    expect(stdout).toMatch(/^rejected: /)
  })
})
