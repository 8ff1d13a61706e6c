import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supabase } from '../../../lib/supabase'
import {
  connectRendererTo,
  signInAsDemoStaff,
  startEmbeddedBackend,
  type EmbeddedBackend,
} from '../../../test/embeddedBackend'
import { backUpNow, getBackupStatus } from './service'

/** The Settings backups service against the real embedded backend, as the signed-in user. */
async function connectTo(server: EmbeddedBackend, signedIn: boolean): Promise<void> {
  connectRendererTo(server)
  if (signedIn) await signInAsDemoStaff()
}

describe('backups service', () => {
  let server: EmbeddedBackend
  let withoutBackups: EmbeddedBackend
  let firstBackup!: Promise<unknown>
  beforeAll(async () => {
    let made!: (backup: unknown) => void
    firstBackup = new Promise((resolve) => (made = resolve))
    server = await startEmbeddedBackend({ backups: { scheduler: () => () => {}, onBackup: made } })
    withoutBackups = await startEmbeddedBackend()
  }, 60_000)
  afterAll(async () => {
    await supabase().auth.stopAutoRefresh()
    await server?.stop()
    await withoutBackups?.stop()
  })

  it('reads the last backup and makes one now, as staff', async () => {
    await firstBackup
    await connectTo(server, true)
    const status = await getBackupStatus()
    expect(status?.last?.bytes).toBeGreaterThan(0)
    const after = await backUpNow()
    expect(after.dir).toBe(status?.dir)
    expect(after.last?.name).not.toBe(status?.last?.name)
  })

  it('passes on the refusal when nobody is signed in', async () => {
    await connectTo(server, false)
    const failure = await getBackupStatus().catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe('The last backup could not be read')
    expect(((failure as Error).cause as Error).message).toBe('permission denied: staff only')
  })

  it('answers null where the backend makes no backups', async () => {
    await connectTo(withoutBackups, true)
    expect(await getBackupStatus()).toBeNull()
  })
})
