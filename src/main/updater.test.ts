import { describe, expect, it, vi } from 'vitest'
import {
  BUSY_RETRY_MS,
  feedUrlFromAppUpdateConfig,
  startAutoUpdate,
  UPDATE_CHECK_INTERVAL_MS,
  type AutoUpdateOptions,
  type Scheduler,
  type Updater,
} from './updater'

const appUpdateYml =
  'provider: generic\nurl: https://updates.example.com/innkeeper\nupdaterCacheDirName: innkeeper-updater\n'

function updater() {
  return {
    setFeedURL: vi.fn<Updater['setFeedURL']>(),
    checkForUpdatesAndNotify: vi.fn<Updater['checkForUpdatesAndNotify']>(async () => null),
    autoDownload: false,
    autoInstallOnAppQuit: false,
  }
}

/** A scheduler the test runs by hand: the pending timer and its delay. */
function manualScheduler() {
  const pending: Array<{ run: () => void; delayMs: number }> = []
  const scheduler: Scheduler = (run, delayMs) => void pending.push({ run, delayMs })
  const next = async () => {
    const timer = pending.shift()!
    timer.run()
    // The check it starts is async; let it settle.
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0))
    return timer.delayMs
  }
  return { scheduler, pending, next }
}

function options(overrides: Partial<AutoUpdateOptions> = {}): AutoUpdateOptions {
  return {
    isPackaged: true,
    env: {},
    readAppUpdateConfig: async () => appUpdateYml,
    updater: updater(),
    busy: () => false,
    scheduler: manualScheduler().scheduler,
    ...overrides,
  }
}

describe('startAutoUpdate', () => {
  it('never checks in development', async () => {
    const u = updater()
    expect(await startAutoUpdate(options({ isPackaged: false, updater: u }))).toBeNull()
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
  })

  it('checks the feed baked into the installer, downloading in the background to install on quit', async () => {
    const u = updater()
    const feed = await startAutoUpdate(options({ updater: u }))
    expect(feed).toBe('https://updates.example.com/innkeeper')
    expect(u.setFeedURL).not.toHaveBeenCalled()
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
    expect(u).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true })
  })

  it('lets INNKEEPER_UPDATE_URL at run time override the baked feed', async () => {
    const u = updater()
    await startAutoUpdate(
      options({ env: { INNKEEPER_UPDATE_URL: 'https://staging.example.com/innkeeper' }, updater: u }),
    )
    expect(u.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://staging.example.com/innkeeper',
    })
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
  })

  it('refuses a feed that is not https, from the build or the environment', async () => {
    const u = updater()
    const log = vi.fn()
    const plain = 'provider: generic\nurl: http://updates.example.com/innkeeper\n'
    expect(
      await startAutoUpdate(options({ readAppUpdateConfig: async () => plain, updater: u, log })),
    ).toBeNull()
    const env = { INNKEEPER_UPDATE_URL: 'http://evil.example/' }
    expect(await startAutoUpdate(options({ env, updater: u, log }))).toBeNull()
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
    expect(u.setFeedURL).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith(expect.stringContaining('must be an https:// URL'))
  })

  it('does nothing when the build has no feed (built without INNKEEPER_UPDATE_URL)', async () => {
    const u = updater()
    for (const yml of [null, "provider: generic\nurl: ''\n", 'provider: generic\nurl:\n']) {
      expect(await startAutoUpdate(options({ readAppUpdateConfig: async () => yml, updater: u }))).toBeNull()
    }
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
  })

  it('checks again every few hours', async () => {
    const u = updater()
    const clock = manualScheduler()
    await startAutoUpdate(options({ updater: u, scheduler: clock.scheduler }))
    expect(clock.pending.map((timer) => timer.delayMs)).toEqual([UPDATE_CHECK_INTERVAL_MS])
    expect(await clock.next()).toBe(UPDATE_CHECK_INTERVAL_MS)
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledTimes(2)
    expect(UPDATE_CHECK_INTERVAL_MS).toBeLessThanOrEqual(6 * 60 * 60 * 1000)
  })

  it('never checks while the desk is saving something: it waits for a quiet moment', async () => {
    const u = updater()
    const clock = manualScheduler()
    let saving = true
    await startAutoUpdate(options({ updater: u, scheduler: clock.scheduler, busy: () => saving }))
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
    expect(await clock.next()).toBe(BUSY_RETRY_MS)
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
    saving = false
    expect(await clock.next()).toBe(BUSY_RETRY_MS)
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
    expect(clock.pending.map((timer) => timer.delayMs)).toEqual([UPDATE_CHECK_INTERVAL_MS])
  })

  it('logs a failed check instead of failing start-up, and tries again later', async () => {
    const u = updater()
    u.checkForUpdatesAndNotify.mockRejectedValue(new Error('getaddrinfo ENOTFOUND'))
    const log = vi.fn()
    const clock = manualScheduler()
    await startAutoUpdate(options({ updater: u, log, scheduler: clock.scheduler }))
    expect(log).toHaveBeenCalledWith('Update check failed: getaddrinfo ENOTFOUND')
    expect(clock.pending.map((timer) => timer.delayMs)).toEqual([UPDATE_CHECK_INTERVAL_MS])
  })
})

describe('feedUrlFromAppUpdateConfig', () => {
  it('reads the url line of app-update.yml', () => {
    expect(feedUrlFromAppUpdateConfig(appUpdateYml)).toBe('https://updates.example.com/innkeeper')
    expect(feedUrlFromAppUpdateConfig("url: 'https://u.example.com/x'")).toBe('https://u.example.com/x')
  })
})
