import { describe, expect, it, vi } from 'vitest'
import { createBackendController } from './backendController'
import type { RunningBackend } from './backendProcess'

const hosted = {
  mode: 'hosted',
  supabaseUrl: 'https://abcd.supabase.co',
  supabaseAnonKey: 'hosted-key',
} as const

/** The exit of a fake backend that never exits. */
const STILL_RUNNING = new Promise<number | null>(() => {})

function setup(options: { startFails?: boolean; saveFails?: boolean } = {}) {
  const running: Array<RunningBackend & { stop: ReturnType<typeof vi.fn> }> = []
  const startLocal = vi.fn(async () => {
    if (options.startFails) throw new Error('the data folder is locked')
    const backend = {
      url: `http://127.0.0.1:${4000 + running.length}`,
      anonKey: 'local-key',
      stop: vi.fn(async () => {}),
      exited: STILL_RUNNING,
    }
    running.push(backend)
    return backend
  })
  const saveConnection = vi.fn(async () => {
    if (options.saveFails) throw new Error('disk full')
  })
  return {
    controller: createBackendController({ startLocal, saveConnection }),
    startLocal,
    saveConnection,
    running,
  }
}

describe('backend controller', () => {
  it('starts the local backend for the local connection', async () => {
    const { controller, running } = setup()
    expect(await controller.start({ mode: 'local' })).toEqual({
      supabaseUrl: 'http://127.0.0.1:4000',
      supabaseAnonKey: 'local-key',
    })
    expect(running).toHaveLength(1)
    expect(controller.connection()).toEqual({ mode: 'local' })
  })

  it('starts no database for a hosted project', async () => {
    const { controller, startLocal } = setup()
    expect(await controller.start(hosted)).toEqual({
      supabaseUrl: hosted.supabaseUrl,
      supabaseAnonKey: 'hosted-key',
    })
    expect(startLocal).not.toHaveBeenCalled()
    expect(controller.endpoint()).toEqual({ supabaseUrl: hosted.supabaseUrl, supabaseAnonKey: 'hosted-key' })
  })

  it('switches to a hosted project: saves the choice and stops the local backend', async () => {
    const { controller, saveConnection, running } = setup()
    await controller.start({ mode: 'local' })
    expect(await controller.switchTo(hosted)).toEqual({ ok: true })
    expect(saveConnection).toHaveBeenCalledWith(hosted)
    expect(running[0]!.stop).toHaveBeenCalled()
    expect(controller.connection()).toEqual(hosted)
    expect(controller.endpoint()?.supabaseUrl).toBe(hosted.supabaseUrl)
  })

  it('switches back to the local backend by starting it', async () => {
    const { controller, running } = setup()
    await controller.start(hosted)
    expect(await controller.switchTo({ mode: 'local' })).toEqual({ ok: true })
    expect(running).toHaveLength(1)
    expect(controller.endpoint()).toEqual({
      supabaseUrl: 'http://127.0.0.1:4000',
      supabaseAnonKey: 'local-key',
    })
  })

  it('refuses an invalid connection without touching anything', async () => {
    const { controller, saveConnection } = setup()
    await controller.start({ mode: 'local' })
    expect(
      await controller.switchTo({ mode: 'hosted', supabaseUrl: 'http://x.example', supabaseAnonKey: 'k' }),
    ).toEqual({
      ok: false,
      error: 'The project URL must start with https://',
    })
    expect(saveConnection).not.toHaveBeenCalled()
    expect(controller.connection()).toEqual({ mode: 'local' })
  })

  it('stays on the hosted project when the local backend cannot start', async () => {
    const { controller, saveConnection } = setup({ startFails: true })
    await controller.start(hosted)
    expect(await controller.switchTo({ mode: 'local' })).toEqual({
      ok: false,
      error: 'The local database could not start: the data folder is locked',
    })
    expect(saveConnection).not.toHaveBeenCalled()
    expect(controller.connection()).toEqual(hosted)
  })

  it('keeps the current connection when the choice cannot be saved', async () => {
    const { controller, running } = setup({ saveFails: true })
    await controller.start(hosted)
    expect(await controller.switchTo({ mode: 'local' })).toEqual({
      ok: false,
      error: 'The choice could not be saved: disk full',
    })
    expect(running[0]!.stop).toHaveBeenCalled()
    expect(controller.connection()).toEqual(hosted)
  })

  it('stops a backend that is still starting, and leaves nothing running (quitting during start-up)', async () => {
    let signal: AbortSignal | undefined
    const controller = createBackendController({
      startLocal: (abortSignal) => {
        signal = abortSignal
        return new Promise((_resolve, reject) =>
          abortSignal.addEventListener('abort', () => reject(new Error('stopped while starting'))),
        )
      },
      saveConnection: vi.fn(),
    })
    const starting = controller.start({ mode: 'local' })
    await controller.stop()
    expect(signal?.aborted).toBe(true)
    await expect(starting).rejects.toThrow('stopped while starting')
    expect(controller.endpoint()).toBeNull()
  })

  it('stops a backend that became ready just as the quit came', async () => {
    const backend = {
      url: 'http://127.0.0.1:4000',
      anonKey: 'k',
      stop: vi.fn(async () => {}),
      exited: STILL_RUNNING,
    }
    const controller = createBackendController({ startLocal: async () => backend, saveConnection: vi.fn() })
    const starting = controller.start({ mode: 'local' })
    await controller.stop()
    await starting
    expect(backend.stop).toHaveBeenCalled()
  })

  it('stops the local backend once on quit', async () => {
    const { controller, running } = setup()
    await controller.start({ mode: 'local' })
    await controller.stop()
    await controller.stop()
    expect(running[0]!.stop).toHaveBeenCalledTimes(1)
  })
})
