/**
 * Auto-update from a generic feed (a folder of installers and latest*.yml on any web server).
 * The feed is baked into the installer by electron-builder from INNKEEPER_UPDATE_URL at build
 * time (resources/app-update.yml); the same variable at run time overrides it. No feed, or a
 * development run, means no update checks at all.
 */
export const UPDATE_URL_ENV = 'INNKEEPER_UPDATE_URL'

export interface Updater {
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdatesAndNotify(): Promise<unknown>
}

export interface AutoUpdateOptions {
  isPackaged: boolean
  env: Record<string, string | undefined>
  /** The contents of resources/app-update.yml, or null when the build has none. */
  readAppUpdateConfig(): Promise<string | null>
  updater: Updater
  log?: (message: string) => void
}

/** Returns the feed URL the check used, or null when none ran. */
export async function startAutoUpdate(options: AutoUpdateOptions): Promise<string | null> {
  if (!options.isPackaged) return null
  const log = options.log ?? ((message) => console.warn(message))

  const override = usableUrl(options.env[UPDATE_URL_ENV])
  const baked = override ? null : usableUrl(feedUrlFromAppUpdateConfig(await options.readAppUpdateConfig()))
  const feed = override ?? baked
  if (!feed) return null

  if (override) options.updater.setFeedURL({ provider: 'generic', url: override })
  try {
    await options.updater.checkForUpdatesAndNotify()
  } catch (error) {
    // An unreachable feed must never get in the way of the desk's work.
    log(`Update check failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return feed
}

export function feedUrlFromAppUpdateConfig(yaml: string | null): string | undefined {
  const match = yaml?.match(/^url:\s*['"]?([^'"\s]+)['"]?\s*$/m)
  return match?.[1]
}

function usableUrl(value: string | undefined): string | null {
  if (!value) return null
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:' ? value : null
  } catch {
    return null
  }
}
