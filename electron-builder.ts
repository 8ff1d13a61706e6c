/**
 * Installers for Innkeeper: `npm run dist` builds the ones for the current OS into dist/.
 * electron-builder finds this file by its name and calls the function below. Nothing secret lives
 * here. Signing, notarisation and the update feed come from the environment (see the README,
 * "Signed installers"):
 *   CSC_LINK, CSC_KEY_PASSWORD             macOS (and Windows) signing certificate (.p12, base64 or path)
 *   WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD     Windows certificate, when it differs from the macOS one
 *   APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID   macOS notarisation (skipped when unset)
 *   INNKEEPER_UPDATE_URL                   the auto-update feed (https); unset or empty: no updates
 */
import type { Configuration } from 'app-builder-lib'

export const UPDATE_URL_ENV = 'INNKEEPER_UPDATE_URL'

/**
 * The feed electron-updater reads from the installed app (resources/app-update.yml), or null: no
 * app-update.yml, and the app never checks. Installers fetched over plain http could be swapped on
 * the way, so anything but https stops the build.
 */
export function publishFor(env: Record<string, string | undefined>): Configuration['publish'] {
  const url = env[UPDATE_URL_ENV]?.trim()
  if (!url) return null
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    throw new Error(`${UPDATE_URL_ENV} is not a URL: ${url}`)
  }
  if (protocol !== 'https:') throw new Error(`${UPDATE_URL_ENV} must be an https:// URL, not ${url}`)
  return { provider: 'generic', url }
}

const BOTH_MAC_ARCHES: Array<'x64' | 'arm64'> = ['x64', 'arm64']

export function builderConfig(env: Record<string, string | undefined>): Configuration {
  return {
    appId: 'com.innkeeper.desk',
    productName: 'Innkeeper',
    copyright: 'Copyright © Innkeeper',
    directories: { output: 'dist', buildResources: 'build' },
    files: [
      'out/**',
      'package.json',
      'resources/**',
      'supabase/migrations/**',
      '!**/*.map',
      '!resources/icon.svg',
    ],
    // Native and WebAssembly files are read from disk by path, so they stay outside the asar archive:
    // keytar's and bcrypt's compiled addons, and PGlite's wasm, data and extension bundles.
    asarUnpack: [
      'node_modules/keytar/build/Release/*.node',
      'node_modules/@node-rs/bcrypt-*/*.node',
      'node_modules/@electric-sql/pglite/dist/**',
    ],

    linux: {
      // The deb first: on Ubuntu 24.04 AppArmor stops an AppImage's Chromium sandbox (see the README).
      target: ['deb', 'AppImage'],
      category: 'Office',
      icon: 'resources/icons',
      executableName: 'innkeeper',
      synopsis: 'Staff back-office for a cabin or guesthouse business',
      // A deb needs a maintainer; replace with the publisher's contact before shipping.
      maintainer: 'Innkeeper <innkeeper@example.com>',
    },
    deb: {
      // keytar talks to the Secret Service through libsecret (already in electron-builder's
      // defaults; listed so it is never dropped by an override).
      depends: [
        'libgtk-3-0',
        'libnotify4',
        'libnss3',
        'libxss1',
        'libxtst6',
        'xdg-utils',
        'libatspi2.0-0',
        'libuuid1',
        'libsecret-1-0',
      ],
    },

    win: { target: 'nsis', icon: 'resources/icon.png' },
    nsis: {
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      shortcutName: 'Innkeeper',
      // The data folder holds the desk's bookings: uninstalling must never delete it.
      deleteAppDataOnUninstall: false,
    },

    mac: {
      // electron-updater updates a Mac from the zip; the dmg is for the first install.
      target: [
        { target: 'dmg', arch: BOTH_MAC_ARCHES },
        { target: 'zip', arch: BOTH_MAC_ARCHES },
      ],
      category: 'public.app-category.business',
      icon: 'resources/icon.png',
      hardenedRuntime: true,
      gatekeeperAssess: false,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
      // Notarises when APPLE_ID / APPLE_APP_SPECIFIC_PASSWORD / APPLE_TEAM_ID are set, skips otherwise.
      notarize: true,
    },
    dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },

    publish: publishFor(env),
  }
}

/** Read by electron-builder when it runs: computed from the environment at that moment. */
export default (): Configuration => builderConfig(process.env)
