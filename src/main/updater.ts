/**
 * Auto-update from a generic feed (a folder of installers and latest*.yml on any web server).
 * The feed is baked into the installer by electron-builder from INNKEEPER_UPDATE_URL at build
 * time (resources/app-update.yml); the same variable at run time overrides it. No feed, a feed that
 * is not https, or a development run means no update checks at all.
 *
 * A check runs at start and every few hours, but never while the desk is saving something (a
 * check-in is a write to the backend): it waits for a quiet moment. A found update downloads in the
 * background and is installed when the app quits, never in the middle of the day; the OS notice
 * (electron-updater's checkForUpdatesAndNotify) says so.
 */
export const UPDATE_URL_ENV = 'INNKEEPER_UPDATE_URL'

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000
/** How long a check waits before looking again when the desk was saving something. */
export const BUSY_RETRY_MS = 60 * 1000

export interface Updater {
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdatesAndNotify(): Promise<unknown>
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
}

/** Runs `run` once after delayMs. */
export type Scheduler = (run: () => void, delayMs: number) => void

export interface AutoUpdateOptions {
  isPackaged: boolean
  env: Record<string, string | undefined>
  /** The contents of resources/app-update.yml, or null when the build has none. */
  readAppUpdateConfig(): Promise<string | null>
  updater: Updater
  /** True while the desk is saving something (a write request to the backend in flight). */
  busy(): boolean
  scheduler?: Scheduler
  log?: (message: string) => void
}

const unrefTimer: Scheduler = (run, delayMs) => void setTimeout(run, delayMs).unref()

/** Returns the feed it checks, or null when updates are off (then nothing is scheduled). */
export async function startAutoUpdate(options: AutoUpdateOptions): Promise<string | null> {
  if (!options.isPackaged) return null
  const log = options.log ?? ((message) => console.warn(message))
  const scheduler = options.scheduler ?? unrefTimer

  const override = options.env[UPDATE_URL_ENV]
  const feed = override || feedUrlFromAppUpdateConfig(await options.readAppUpdateConfig())
  if (!feed) return null
  if (!isHttpsUrl(feed)) {
    // Installers fetched over plain http could be swapped on the way; only their hash is checked.
    log(`Updates are off: the update feed must be an https:// URL, not ${feed}`)
    return null
  }

  const { updater } = options
  if (override) updater.setFeedURL({ provider: 'generic', url: override })
  updater.autoDownload = true
  updater.autoInstallOnAppQuit = true

  const schedule = (delayMs: number) => void scheduler(() => void check(), delayMs)
  const check = async () => {
    if (options.busy()) return schedule(BUSY_RETRY_MS)
    try {
      await updater.checkForUpdatesAndNotify()
    } catch (error) {
      // An unreachable feed must never get in the way of the desk's work.
      log(`Update check failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    schedule(UPDATE_CHECK_INTERVAL_MS)
  }
  await check()
  return feed
}

export function feedUrlFromAppUpdateConfig(yaml: string | null): string | undefined {
  const match = yaml?.match(/^url:\s*['"]?([^'"\s]+)['"]?\s*$/m)
  return match?.[1]
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
