/**
 * The environment the desktop app gives its embedded backend: what the operating system needs for
 * a process to run (temporary folder, home, locale, time zone, Windows' system folders) and the
 * backend's own settings, pinned. Nothing else gets through: a DATABASE_URL, INNKEEPER_DEMO=0 or
 * HOST=0.0.0.0 left in a reception PC's environment by some other tool must not point the desk at
 * another database, start it empty, or open it to the network; NODE_OPTIONS must not load code.
 */

/** Read case-insensitively: Windows spells them Path, SystemRoot, TEMP... as it likes. */
const FROM_THE_SYSTEM = new Set(
  [
    'PATH',
    'HOME',
    'TMPDIR',
    'TMP',
    'TEMP',
    'LANG',
    'LANGUAGE',
    'LC_ALL',
    'TZ',
    // Windows: without SystemRoot a process cannot open sockets; the rest locate the profile.
    'SYSTEMROOT',
    'WINDIR',
    'SYSTEMDRIVE',
    'USERPROFILE',
    'APPDATA',
    'LOCALAPPDATA',
    'PROGRAMDATA',
  ].map((name) => name.toUpperCase()),
)
const LOCALE_CATEGORY = /^LC_[A-Z]+$/

export interface BackendSettings {
  dataDir: string
  /**
   * The demo folder: seeded with the demo. Otherwise the folder starts empty and the first run
   * creates its owner through the backend's owner set-up.
   */
  demo: boolean
  /**
   * A log line per request: on while developing, off in the packaged app (they would only fill its
   * log folder); errors and events are logged either way.
   */
  requestLogs: boolean
  /** The backup folder the admin chose in Settings; absent: the backend's default, in the data folder. */
  backupDir?: string
}

export function backendEnv(parent: NodeJS.ProcessEnv, settings: BackendSettings): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(parent)) {
    const upper = name.toUpperCase()
    if (value !== undefined && (FROM_THE_SYSTEM.has(upper) || LOCALE_CATEGORY.test(upper))) env[name] = value
  }
  return {
    ...env,
    INNKEEPER_DATA_DIR: settings.dataDir,
    ...(settings.backupDir ? { INNKEEPER_BACKUP_DIR: settings.backupDir } : {}),
    // This app holds its single-instance lock: a data-folder lock an earlier backend left is stale.
    INNKEEPER_DESKTOP: '1',
    // Only this computer's loopback, and a port the OS picks, so a busy 4173 never blocks start-up.
    HOST: '127.0.0.1',
    PORT: '0',
    INNKEEPER_REQUEST_LOG: settings.requestLogs ? '1' : '0',
    // A booking the desk was told is saved survives a power cut (the backend's default, pinned).
    INNKEEPER_DURABLE: '1',
    INNKEEPER_DEMO: settings.demo ? '1' : '0',
    INNKEEPER_OWNER_SETUP: settings.demo ? '0' : '1',
    // The demo folder says so on every screen; npm run dev's demo too.
    INNKEEPER_DEMO_DATA: settings.demo ? '1' : '0',
  }
}
