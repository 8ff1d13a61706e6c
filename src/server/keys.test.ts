import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { loadKeys } from './keys'

describe('loadKeys', () => {
  it('creates a private secret once and derives the same keys from it on every start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-keys-'))
    const first = await loadKeys(dataDir)
    const second = await loadKeys(dataDir)
    expect(first.secret.length).toBeGreaterThanOrEqual(32)
    expect(second.anonKey).toBe(first.anonKey)
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)
    expect(decodeJwt(first.anonKey)).toMatchObject({ iss: 'supabase', ref: 'innkeeper', role: 'anon' })
    expect(decodeJwt(first.serviceKey)).toMatchObject({ role: 'service_role' })
    expect(decodeJwt(first.anonKey).exp).toBeGreaterThan(Date.now() / 1000 + 50 * 365 * 24 * 3600)
  })

  it('gives every data folder its own secret', async () => {
    const a = await loadKeys(mkdtempSync(join(tmpdir(), 'innkeeper-keys-')))
    const b = await loadKeys(mkdtempSync(join(tmpdir(), 'innkeeper-keys-')))
    expect(a.anonKey).not.toBe(b.anonKey)
  })
})
