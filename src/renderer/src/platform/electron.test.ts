import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type {
  BackupFolderChoice,
  ExportOpenResult,
  ExportStepResult,
  ImagePickResult,
  PdfSaveResult,
  PrintResult,
  SessionSaveResult,
} from '@shared/ipc'
import { createElectronPlatform, createKeychainSessionStorage, SESSION_NOT_KEPT_MESSAGE } from './electron'

const SESSION_KEY = 'sb-127-auth-token'
const BACKEND = { supabaseUrl: 'http://127.0.0.1:41234', supabaseAnonKey: 'anon-key' }

/** The preload bridge with a keychain that is a variable. */
function fakeBridge(
  stored: string | null = null,
  saveResult: SessionSaveResult = { persistent: true, announce: false },
) {
  const keychain = { token: stored }
  const session = {
    getRefreshToken: vi.fn(async () => keychain.token),
    setRefreshToken: vi.fn(async (token: string) => {
      keychain.token = token
      return saveResult
    }),
    deleteRefreshToken: vi.fn(async () => {
      keychain.token = null
    }),
  }
  const bridge: InnkeeperApi = {
    backend: { getConfig: vi.fn(async () => BACKEND) },
    connection: {
      get: vi.fn(async () => ({ mode: 'local' as const })),
      set: vi.fn(async () => ({ ok: true as const })),
    },
    session,
    pickImage: vi.fn(async (): Promise<ImagePickResult> => null),
    backups: { chooseFolder: vi.fn(async (): Promise<BackupFolderChoice> => null) },
    printing: {
      print: vi.fn(async (): Promise<PrintResult> => ({ printed: true })),
      savePdf: vi.fn(async (): Promise<PdfSaveResult> => null),
    },
    csvExport: {
      open: vi.fn(async (): Promise<ExportOpenResult> => ({ id: 'export-1' })),
      write: vi.fn(async (): Promise<ExportStepResult> => ({ ok: true })),
      close: vi.fn(async (): Promise<ExportStepResult> => ({ ok: true })),
      abort: vi.fn(async () => {}),
    },
  }
  return { bridge, session, keychain }
}

const sessionJson = (refreshToken: string) =>
  JSON.stringify({
    access_token: 'access',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: refreshToken,
    user: { id: 'u1', email: 'demo@innkeeper.local' },
  })

describe('keychain session storage', () => {
  it('rebuilds the session from the keychain as already expired, asking the keychain once', async () => {
    const { session } = fakeBridge('stored-refresh')
    const storage = createKeychainSessionStorage(session, vi.fn())

    const [first, second] = await Promise.all([storage.getItem(SESSION_KEY), storage.getItem(SESSION_KEY)])
    expect(first).toBe(second)
    const restored = JSON.parse(first!)
    expect(restored).toMatchObject({ refresh_token: 'stored-refresh', access_token: '' })
    expect(restored.expires_at * 1000).toBeLessThan(Date.now())
    expect(session.getRefreshToken).toHaveBeenCalledTimes(1)
  })

  it('returns nothing when the keychain has no token', async () => {
    const storage = createKeychainSessionStorage(fakeBridge().session, vi.fn())
    expect(await storage.getItem(SESSION_KEY)).toBeNull()
  })

  it('sends only the refresh token to the keychain, once per token', async () => {
    const { session } = fakeBridge()
    const storage = createKeychainSessionStorage(session, vi.fn())
    await storage.setItem(SESSION_KEY, sessionJson('refresh-1'))
    await storage.setItem(SESSION_KEY, sessionJson('refresh-1'))
    expect(session.setRefreshToken.mock.calls).toEqual([['refresh-1']])
    expect(await storage.getItem(SESSION_KEY)).toBe(sessionJson('refresh-1'))
  })

  it('keeps helper entries (user, PKCE verifier) in memory only', async () => {
    const { session } = fakeBridge('stored-refresh')
    const storage = createKeychainSessionStorage(session, vi.fn())
    await storage.setItem(`${SESSION_KEY}-code-verifier`, '"verifier"')
    expect(await storage.getItem(`${SESSION_KEY}-code-verifier`)).toBe('"verifier"')
    expect(await storage.getItem(`${SESSION_KEY}-user`)).toBeNull()
    await storage.removeItem(`${SESSION_KEY}-code-verifier`)
    expect(session.getRefreshToken).not.toHaveBeenCalled()
    expect(session.setRefreshToken).not.toHaveBeenCalled()
    expect(session.deleteRefreshToken).not.toHaveBeenCalled()
  })

  it('deletes the keychain entry when the session is removed', async () => {
    const { session } = fakeBridge('stored-refresh')
    const storage = createKeychainSessionStorage(session, vi.fn())
    await storage.getItem(SESSION_KEY)
    await storage.removeItem(SESSION_KEY)
    expect(session.deleteRefreshToken).toHaveBeenCalledTimes(1)
    expect(await storage.getItem(SESSION_KEY)).toBeNull()
  })

  it('tells the user once when the session cannot outlive this run', async () => {
    const notify = vi.fn()
    const { session } = fakeBridge(null, { persistent: false, announce: true })
    const storage = createKeychainSessionStorage(session, notify)
    await storage.setItem(SESSION_KEY, sessionJson('refresh-1'))
    expect(notify).toHaveBeenCalledWith('Your session will end when you quit Innkeeper')
    expect(SESSION_NOT_KEPT_MESSAGE).toBe('Your session will end when you quit Innkeeper')
  })
})

// A fake GoTrue behind supabase-js's fetch: proves the storage shape against the real auth client.
function fakeAuthServer(refreshTokens: Map<string, string>) {
  const calls: string[] = []
  const jwt = (sub: string) =>
    [
      { alg: 'HS256', typ: 'JWT' },
      { sub, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
    ]
      .map((part) => btoa(JSON.stringify(part)).replace(/=+$/, ''))
      .concat('signature')
      .join('.')
  const sessionFor = (refreshToken: string) => ({
    access_token: jwt('u1'),
    token_type: 'bearer',
    expires_in: 3600,
    refresh_token: refreshToken,
    user: {
      id: 'u1',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'demo@innkeeper.local',
      app_metadata: {},
      user_metadata: {},
      created_at: '2024-01-01T00:00:00Z',
    },
  })
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
    const body = init?.body ? JSON.parse(String(init.body)) : {}
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token') {
      const next = refreshTokens.get(body.refresh_token)
      if (!next)
        return json(400, {
          code: 'refresh_token_not_found',
          message: 'Invalid Refresh Token: Refresh Token Not Found',
        })
      refreshTokens.delete(body.refresh_token)
      return json(200, sessionFor(next))
    }
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password') {
      return json(200, sessionFor('after-login'))
    }
    if (url.pathname === '/auth/v1/logout') return new Response(null, { status: 204 })
    return json(404, { message: 'not found' })
  }
  return { fetch, calls }
}

describe('keychain session storage with supabase-js', () => {
  let client: SupabaseClient | undefined
  let clients = 0
  afterEach(async () => {
    await client?.auth.stopAutoRefresh()
    client = undefined
  })

  function connect(bridge: InnkeeperApi, fetch: typeof globalThis.fetch) {
    const platform = createElectronPlatform(bridge, vi.fn())
    client = createClient(BACKEND.supabaseUrl, BACKEND.supabaseAnonKey, {
      auth: {
        storage: platform.sessionStorageFor(BACKEND),
        // One key per client, as supabase-js warns about two clients sharing one in a page.
        storageKey: `sb-test${++clients}-auth-token`,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: false,
      },
      global: { fetch },
    })
    return client
  }

  it('restores the session after a restart by refreshing it, and keeps the rotated token', async () => {
    const { bridge, keychain } = fakeBridge('refresh-from-last-run')
    const server = fakeAuthServer(new Map([['refresh-from-last-run', 'rotated-refresh']]))
    const supabase = connect(bridge, server.fetch)

    const { data, error } = await supabase.auth.getSession()
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe('demo@innkeeper.local')
    expect(data.session?.refresh_token).toBe('rotated-refresh')
    expect(server.calls).toEqual(['POST /auth/v1/token?grant_type=refresh_token'])
    expect(keychain.token).toBe('rotated-refresh')
  })

  it('deletes the keychain entry when the refresh is refused for good', async () => {
    const { bridge, session } = fakeBridge('revoked-refresh')
    const server = fakeAuthServer(new Map())
    const supabase = connect(bridge, server.fetch)

    const { data } = await supabase.auth.getSession()
    expect(data.session).toBeNull()
    expect(session.deleteRefreshToken).toHaveBeenCalled()
  })

  it('saves the token on login and deletes it on logout', async () => {
    const { bridge, keychain, session } = fakeBridge()
    const server = fakeAuthServer(new Map())
    const supabase = connect(bridge, server.fetch)

    await supabase.auth.signInWithPassword({ email: 'demo@innkeeper.local', password: 'innkeeper-demo' })
    expect(keychain.token).toBe('after-login')
    expect(session.setRefreshToken).toHaveBeenCalledWith('after-login')

    await supabase.auth.signOut()
    expect(keychain.token).toBeNull()
    expect(session.deleteRefreshToken).toHaveBeenCalled()
  })
})

describe('electron platform', () => {
  it('loads the backend config through the bridge', async () => {
    const { bridge } = fakeBridge()
    expect(await createElectronPlatform(bridge).loadBackendConfig()).toEqual(BACKEND)
  })

  it('turns a picked image into a File, and a cancel into null', async () => {
    const { bridge } = fakeBridge()
    const platform = createElectronPlatform(bridge)
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47])
    vi.mocked(bridge.pickImage).mockResolvedValueOnce({ name: 'cabin.png', type: 'image/png', bytes })
    const file = await platform.pickImage()
    expect(file).toBeInstanceOf(File)
    expect(file).toMatchObject({ name: 'cabin.png', type: 'image/png', size: 4 })
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(bytes)

    expect(await platform.pickImage()).toBeNull()
  })

  it('turns a refused file into an error with the words the user sees', async () => {
    const { bridge } = fakeBridge()
    const platform = createElectronPlatform(bridge)
    vi.mocked(bridge.pickImage).mockResolvedValueOnce({ error: 'too-large' })
    await expect(platform.pickImage()).rejects.toThrow('Image is too large (max 5 MB)')
    vi.mocked(bridge.pickImage).mockResolvedValueOnce({ error: 'not-an-image' })
    await expect(platform.pickImage()).rejects.toThrow(
      'This file is not an image. Choose a JPEG, PNG, WebP or GIF file.',
    )
  })

  it('asks main for the backup folder through the bridge', async () => {
    const { bridge } = fakeBridge()
    vi.mocked(bridge.backups.chooseFolder).mockResolvedValueOnce({ folder: 'E:\\Backups' })
    expect(await createElectronPlatform(bridge).backupFolder.chooseFolder()).toEqual({
      folder: 'E:\\Backups',
    })
    expect(bridge.backups.chooseFolder).toHaveBeenCalledTimes(1)
  })

  it('prints through main: a cancelled dialog is no failure, main’s reason for a failed one is the error', async () => {
    const { bridge } = fakeBridge()
    const { printing } = createElectronPlatform(bridge, vi.fn())
    await expect(printing.print()).resolves.toBeUndefined()
    vi.mocked(bridge.printing.print).mockResolvedValueOnce(null)
    await expect(printing.print()).resolves.toBeUndefined()
    vi.mocked(bridge.printing.print).mockResolvedValueOnce({ error: 'Invalid printer settings' })
    await expect(printing.print()).rejects.toThrow('Invalid printer settings')
  })

  it('saves a PDF through main: the path saved, null when cancelled, main’s reason when it failed', async () => {
    const { bridge } = fakeBridge()
    const { printing } = createElectronPlatform(bridge, vi.fn())
    vi.mocked(bridge.printing.savePdf).mockResolvedValueOnce({ saved: '/home/desk/Today.pdf' })
    expect(await printing.savePdf('Today.pdf')).toBe('/home/desk/Today.pdf')
    expect(bridge.printing.savePdf).toHaveBeenCalledWith('Today.pdf')
    expect(await printing.savePdf('Today.pdf')).toBeNull()
    vi.mocked(bridge.printing.savePdf).mockResolvedValueOnce({ error: 'The PDF could not be saved (EACCES)' })
    await expect(printing.savePdf('Today.pdf')).rejects.toThrow('The PDF could not be saved (EACCES)')
  })

  it('saves a CSV export through main, chunk by chunk, under the id main gave', async () => {
    const { bridge } = fakeBridge()
    const sink = await createElectronPlatform(bridge).saveCsv('bookings.csv')
    expect(bridge.csvExport.open).toHaveBeenCalledExactlyOnceWith('bookings.csv')
    await sink!.write('a\r\n')
    await sink!.close()
    expect(bridge.csvExport.write).toHaveBeenCalledExactlyOnceWith('export-1', 'a\r\n')
    expect(bridge.csvExport.close).toHaveBeenCalledExactlyOnceWith('export-1')
  })

  it('answers a cancelled save dialog with null, and a refused step with main’s words', async () => {
    const { bridge } = fakeBridge()
    const platform = createElectronPlatform(bridge)
    vi.mocked(bridge.csvExport.open).mockResolvedValueOnce(null)
    expect(await platform.saveCsv('guests.csv')).toBeNull()

    vi.mocked(bridge.csvExport.open).mockResolvedValueOnce({
      error: 'Innkeeper cannot write to /x.csv (EACCES).',
    })
    await expect(platform.saveCsv('guests.csv')).rejects.toThrow('Innkeeper cannot write to /x.csv (EACCES).')

    const sink = await platform.saveCsv('guests.csv')
    vi.mocked(bridge.csvExport.write).mockResolvedValueOnce({
      error: 'The file could not be written (ENOSPC).',
    })
    await expect(sink!.write('rows')).rejects.toThrow('The file could not be written (ENOSPC).')
    await sink!.abort()
    expect(bridge.csvExport.abort).toHaveBeenCalledExactlyOnceWith('export-1')
  })
})
