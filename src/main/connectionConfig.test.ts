import { describe, expect, it } from 'vitest'
import {
  backendId,
  parseConnection,
  readConnection,
  writeBackupDir,
  writeConnection,
  type ConfigFs,
} from './connectionConfig'

describe('parseConnection', () => {
  it('accepts the local backend', () => {
    expect(parseConnection({ mode: 'local' })).toEqual({ ok: true, value: { mode: 'local' } })
  })

  it('accepts a hosted project and keeps only its origin', () => {
    expect(
      parseConnection({
        mode: 'hosted',
        supabaseUrl: ' https://abcd.supabase.co/ ',
        supabaseAnonKey: ' eyJhbGci.key ',
      }),
    ).toEqual({
      ok: true,
      value: { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'eyJhbGci.key' },
    })
  })

  it('accepts plain http only for a project on this computer', () => {
    expect(
      parseConnection({ mode: 'hosted', supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'k' }).ok,
    ).toBe(true)
    expect(
      parseConnection({ mode: 'hosted', supabaseUrl: 'http://localhost:54321', supabaseAnonKey: 'k' }).ok,
    ).toBe(true)
    expect(
      parseConnection({ mode: 'hosted', supabaseUrl: 'http://abcd.supabase.co', supabaseAnonKey: 'k' }),
    ).toEqual({
      ok: false,
      error: 'The project URL must start with https://',
    })
  })

  it.each([
    [undefined, 'Choose a backend.'],
    [{ mode: 'cloud' }, 'Choose a backend.'],
    [{ mode: 'hosted', supabaseAnonKey: 'k' }, 'Enter the project URL'],
    [
      { mode: 'hosted', supabaseUrl: 'not a url', supabaseAnonKey: 'k' },
      'Enter a web address, like https://abcd.supabase.co',
    ],
    [
      { mode: 'hosted', supabaseUrl: 'ftp://abcd.supabase.co', supabaseAnonKey: 'k' },
      'The project URL must start with https://',
    ],
    [
      { mode: 'hosted', supabaseUrl: 'javascript:alert(1)', supabaseAnonKey: 'k' },
      'The project URL must start with https://',
    ],
    [
      { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co/rest/v1', supabaseAnonKey: 'k' },
      'Enter only the project URL, without a path',
    ],
    [
      { mode: 'hosted', supabaseUrl: 'https://user:pw@abcd.supabase.co', supabaseAnonKey: 'k' },
      'Enter only the project URL, without a path',
    ],
    [{ mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co' }, 'Enter the project’s anon key'],
    [
      { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: '   ' },
      'Enter the project’s anon key',
    ],
    [
      { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'a b' },
      'The anon key must not contain spaces',
    ],
    [
      { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'sb_secret_abc' },
      'This is the secret service role key. Enter the public anon key instead',
    ],
  ])('refuses %j', (input, error) => {
    expect(parseConnection(input)).toEqual({ ok: false, error })
  })
})

describe('backendId', () => {
  it('is stable for the local backend (its port changes every run) and the origin for a hosted one', () => {
    expect(backendId({ mode: 'local' })).toBe('local')
    expect(backendId({ mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'k' })).toBe(
      'https://abcd.supabase.co',
    )
  })
})

/** An in-memory file system with the three calls the config module makes. */
function memoryFs(initial: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial))
  const fs: ConfigFs = {
    readFile: async (path) => {
      const text = files.get(path)
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' })
      return text
    },
    writeFile: async (path, data) => void files.set(path, data),
    rename: async (from, to) => {
      files.set(to, files.get(from)!)
      files.delete(from)
    },
  }
  return { fs, files }
}

describe('readConnection / writeConnection', () => {
  const file = '/userData/innkeeper-config.json'
  const hosted = { mode: 'hosted', supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'key' } as const

  it('uses the local backend when there is no config file yet', async () => {
    expect(await readConnection(memoryFs().fs, file)).toEqual({ connection: { mode: 'local' } })
  })

  it('round-trips a hosted connection through the file, leaving no temporary file behind', async () => {
    const { fs, files } = memoryFs()
    await writeConnection(fs, file, hosted)
    expect([...files.keys()]).toEqual([file])
    expect(JSON.parse(files.get(file)!)).toEqual({ backend: hosted })
    expect(await readConnection(fs, file)).toEqual({ connection: hosted })
  })

  it('falls back to the local backend, with a warning, when the file is broken or invalid', async () => {
    const broken = await readConnection(memoryFs({ [file]: '{ nope' }).fs, file)
    expect(broken.connection).toEqual({ mode: 'local' })
    expect(broken.warning).toContain('is not valid JSON')

    const invalid = await readConnection(
      memoryFs({
        [file]: JSON.stringify({ backend: { mode: 'hosted', supabaseUrl: 'http://evil.example' } }),
      }).fs,
      file,
    )
    expect(invalid).toEqual({
      connection: { mode: 'local' },
      warning: `${file} has an invalid backend: The project URL must start with https://`,
    })
  })

  it('keeps the backup folder and the backend side by side: writing one keeps the other', async () => {
    const { fs, files } = memoryFs()
    await writeConnection(fs, file, hosted)
    await writeBackupDir(fs, file, 'E:\\Innkeeper backups')
    expect(await readConnection(fs, file)).toEqual({ connection: hosted, backupDir: 'E:\\Innkeeper backups' })

    await writeConnection(fs, file, { mode: 'local' })
    expect(JSON.parse(files.get(file)!)).toEqual({
      backend: { mode: 'local' },
      backupDir: 'E:\\Innkeeper backups',
    })
    expect([...files.keys()]).toEqual([file])
  })

  it('reads a file written before the backup folder could be chosen, and a folder with no backend', async () => {
    const old = memoryFs({ [file]: JSON.stringify({ backend: { mode: 'local' } }) })
    expect(await readConnection(old.fs, file)).toEqual({ connection: { mode: 'local' } })

    const { fs } = memoryFs()
    await writeBackupDir(fs, file, '/media/usb/backups')
    expect(await readConnection(fs, file)).toEqual({
      connection: { mode: 'local' },
      backupDir: '/media/usb/backups',
    })
  })
})
