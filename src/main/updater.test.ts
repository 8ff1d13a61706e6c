import { describe, expect, it, vi } from 'vitest'
import { feedUrlFromAppUpdateConfig, startAutoUpdate, type Updater } from './updater'

const appUpdateYml =
  'provider: generic\nurl: https://updates.example.com/innkeeper\nupdaterCacheDirName: innkeeper-updater\n'

function updater() {
  return {
    setFeedURL: vi.fn<Updater['setFeedURL']>(),
    checkForUpdatesAndNotify: vi.fn<Updater['checkForUpdatesAndNotify']>(async () => null),
  }
}

describe('startAutoUpdate', () => {
  it('never checks in development', async () => {
    const u = updater()
    expect(
      await startAutoUpdate({
        isPackaged: false,
        env: {},
        readAppUpdateConfig: async () => appUpdateYml,
        updater: u,
      }),
    ).toBeNull()
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
  })

  it('checks the feed baked into the installer', async () => {
    const u = updater()
    const feed = await startAutoUpdate({
      isPackaged: true,
      env: {},
      readAppUpdateConfig: async () => appUpdateYml,
      updater: u,
    })
    expect(feed).toBe('https://updates.example.com/innkeeper')
    expect(u.setFeedURL).not.toHaveBeenCalled()
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
  })

  it('lets INNKEEPER_UPDATE_URL at run time override the baked feed', async () => {
    const u = updater()
    await startAutoUpdate({
      isPackaged: true,
      env: { INNKEEPER_UPDATE_URL: 'https://staging.example.com/innkeeper' },
      readAppUpdateConfig: async () => appUpdateYml,
      updater: u,
    })
    expect(u.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://staging.example.com/innkeeper',
    })
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
  })

  it('does nothing when the build has no feed (built with an empty INNKEEPER_UPDATE_URL)', async () => {
    const u = updater()
    for (const yml of [null, "provider: generic\nurl: ''\n", 'provider: generic\nurl:\n']) {
      expect(
        await startAutoUpdate({
          isPackaged: true,
          env: {},
          readAppUpdateConfig: async () => yml,
          updater: u,
        }),
      ).toBeNull()
    }
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled()
  })

  it('logs a failed check instead of failing start-up', async () => {
    const u = updater()
    u.checkForUpdatesAndNotify.mockRejectedValue(new Error('getaddrinfo ENOTFOUND'))
    const log = vi.fn()
    await startAutoUpdate({
      isPackaged: true,
      env: {},
      readAppUpdateConfig: async () => appUpdateYml,
      updater: u,
      log,
    })
    expect(log).toHaveBeenCalledWith('Update check failed: getaddrinfo ENOTFOUND')
  })
})

describe('feedUrlFromAppUpdateConfig', () => {
  it('reads the url line of app-update.yml', () => {
    expect(feedUrlFromAppUpdateConfig(appUpdateYml)).toBe('https://updates.example.com/innkeeper')
    expect(feedUrlFromAppUpdateConfig("url: 'https://u.example.com/x'")).toBe('https://u.example.com/x')
  })
})
