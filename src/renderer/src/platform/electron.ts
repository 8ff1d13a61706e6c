import type { SupportedStorage } from '@supabase/supabase-js'
import toast from 'react-hot-toast'
import { MAX_IMAGE_BYTES, type ImagePickError } from '@shared/ipc'
import type {
  BackendConfig,
  BackupFolderControl,
  ConnectionControl,
  CsvSink,
  Platform,
  PrintControl,
} from './types'

/** The desktop platform, with what only the desktop has: choosing the backend and the backup folder. */
export interface ElectronPlatform extends Platform {
  readonly kind: 'electron'
  readonly connection: ConnectionControl
  readonly backupFolder: BackupFolderControl
  readonly printing: Required<PrintControl>
}

export const IMAGE_PICK_MESSAGES: Record<ImagePickError, string> = {
  'too-large': `Image is too large (max ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`,
  'not-an-image': 'This file is not an image. Choose a JPEG, PNG, WebP or GIF file.',
  unreadable: 'The image could not be read',
}

export const SESSION_NOT_KEPT_MESSAGE = 'Your session will end when you quit Innkeeper'

export function createElectronPlatform(
  bridge: InnkeeperApi,
  notify: (message: string) => void = (message) => toast(message, { duration: 8000 }),
): ElectronPlatform {
  return {
    kind: 'electron',
    loadBackendConfig: (): Promise<BackendConfig> => bridge.backend.getConfig(),
    sessionStorageFor: () => createKeychainSessionStorage(bridge.session, notify),
    async pickImage() {
      const picked = await bridge.pickImage()
      if (picked === null) return null
      if ('error' in picked) throw new Error(IMAGE_PICK_MESSAGES[picked.error])
      return new File([picked.bytes as Uint8Array<ArrayBuffer>], picked.name, { type: picked.type })
    },
    saveCsv: (suggestedName) => saveCsvThroughMain(bridge.csvExport, suggestedName),
    connection: bridge.connection,
    backupFolder: bridge.backups,
    printing: {
      // A cancelled dialog is no failure; main's reason for a real one becomes the error.
      async print() {
        const result = await bridge.printing.print()
        if (result && 'error' in result) throw new Error(result.error)
      },
      async savePdf(suggestedName) {
        const result = await bridge.printing.savePdf(suggestedName)
        if (result === null) return null
        if ('error' in result) throw new Error(result.error)
        return result.saved
      },
    },
  }
}

/** Main asks where and writes the file; every step's failure arrives as the words to show. */
async function saveCsvThroughMain(
  csvExport: InnkeeperApi['csvExport'],
  suggestedName: string,
): Promise<CsvSink | null> {
  const opened = await csvExport.open(suggestedName)
  if (opened === null) return null
  if ('error' in opened) throw new Error(opened.error)
  const { id } = opened
  const step = async (result: Promise<{ ok: true } | { error: string }>) => {
    const answer = await result
    if ('error' in answer) throw new Error(answer.error)
  }
  return {
    write: (chunk) => step(csvExport.write(id, chunk)),
    close: () => step(csvExport.close(id)),
    abort: () => csvExport.abort(id),
  }
}

/**
 * supabase-js auth storage whose only persistent part is the refresh token in the OS keychain.
 * The whole session (access token, user) is kept in memory. After a restart the session is
 * rebuilt from the refresh token with an access token that has already expired, so supabase-js
 * refreshes it while it initialises (auth-js `_recoverAndRefresh`: expires_at in the past and a
 * refresh_token present → `_callRefreshToken`) and saves the rotated token through setItem.
 * When supabase-js removes the session (sign-out, or a refresh rejected for good) the keychain
 * entry goes too.
 */
export function createKeychainSessionStorage(
  session: InnkeeperApi['session'],
  notify: (message: string) => void,
): SupportedStorage {
  const memory = new Map<string, string>()
  const restoring = new Map<string, Promise<string | null>>()
  let persistedToken: string | null = null

  async function restore(key: string): Promise<string | null> {
    const refreshToken = await session.getRefreshToken()
    if (!refreshToken || memory.has(key)) return memory.get(key) ?? null
    persistedToken = refreshToken
    const value = JSON.stringify(expiredSessionFor(refreshToken))
    memory.set(key, value)
    return value
  }

  return {
    async getItem(key) {
      if (memory.has(key)) return memory.get(key) ?? null
      if (!isSessionKey(key)) return null
      // supabase-js reads the session several times while it starts; ask the keychain once.
      let pending = restoring.get(key)
      if (!pending) {
        pending = restore(key).finally(() => restoring.delete(key))
        restoring.set(key, pending)
      }
      return pending
    },

    async setItem(key, value) {
      memory.set(key, value)
      if (!isSessionKey(key)) return
      const refreshToken = refreshTokenOf(value)
      if (!refreshToken || refreshToken === persistedToken) return
      persistedToken = refreshToken
      const saved = await session.setRefreshToken(refreshToken)
      if (saved.announce) notify(SESSION_NOT_KEPT_MESSAGE)
    },

    async removeItem(key) {
      memory.delete(key)
      if (!isSessionKey(key)) return
      persistedToken = null
      await session.deleteRefreshToken()
    },
  }
}

/**
 * supabase-js keeps the session under `sb-<project>-auth-token` and helpers under the same key
 * with a suffix (`-user`, `-code-verifier`); only the session itself carries a refresh token.
 */
function isSessionKey(key: string): boolean {
  return key.endsWith('-auth-token')
}

/** The least auth-js accepts as a stored session (access_token, refresh_token, expires_at). */
function expiredSessionFor(refreshToken: string) {
  return { access_token: '', token_type: 'bearer', expires_in: 0, expires_at: 0, refresh_token: refreshToken }
}

function refreshTokenOf(value: string): string | null {
  try {
    const parsed: unknown = JSON.parse(value)
    const token =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as { refresh_token?: unknown }).refresh_token
        : null
    return typeof token === 'string' && token !== '' ? token : null
  } catch {
    return null
  }
}
