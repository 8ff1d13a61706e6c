import { describe, expect, it } from 'vitest'
import { backendEnv } from './backendEnv'

const desk = {
  PATH: '/usr/bin',
  HOME: '/home/reception',
  LANG: 'pt_PT.UTF-8',
  LC_TIME: 'pt_PT.UTF-8',
  TZ: 'Europe/Lisbon',
  SystemRoot: 'C:\\Windows',
  Path: 'C:\\Windows\\system32',
  DATABASE_URL: 'postgres://someone@db.example/other',
  INNKEEPER_DEMO: '0',
  INNKEEPER_LOG: '0',
  INNKEEPER_BACKUPS: '0',
  INNKEEPER_BACKUP_DIR: '/tmp/somewhere-else',
  INNKEEPER_DURABLE: '0',
  INNKEEPER_STATIC_DIR: '/tmp/evil',
  INNKEEPER_RESTART_AFTER_SETUP: '1',
  HOST: '0.0.0.0',
  PORT: '80',
  NODE_OPTIONS: '--require /tmp/evil.js',
  ELECTRON_RUN_AS_NODE: '1',
  UNSET: undefined,
}

describe('backendEnv', () => {
  it('passes what the OS needs and pins the backend’s own settings', () => {
    expect(backendEnv(desk, { dataDir: '/data', requestLogs: false, demo: false })).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/reception',
      LANG: 'pt_PT.UTF-8',
      LC_TIME: 'pt_PT.UTF-8',
      TZ: 'Europe/Lisbon',
      SystemRoot: 'C:\\Windows',
      Path: 'C:\\Windows\\system32',
      INNKEEPER_DATA_DIR: '/data',
      INNKEEPER_DESKTOP: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      INNKEEPER_REQUEST_LOG: '0',
      INNKEEPER_DURABLE: '1',
      INNKEEPER_DEMO: '0',
      INNKEEPER_OWNER_SETUP: '1',
      INNKEEPER_DEMO_DATA: '0',
    })
  })

  it('passes the backup folder chosen in Settings, never the desk’s own INNKEEPER_BACKUP_DIR', () => {
    expect(backendEnv(desk, { dataDir: '/data', requestLogs: false, demo: false })).not.toHaveProperty(
      'INNKEEPER_BACKUP_DIR',
    )
    expect(
      backendEnv(desk, { dataDir: '/data', requestLogs: false, demo: false, backupDir: 'E:\\Backups' })
        .INNKEEPER_BACKUP_DIR,
    ).toBe('E:\\Backups')
  })

  it('turns request logs on when asked (development)', () => {
    expect(backendEnv({}, { dataDir: '/data', requestLogs: true, demo: false }).INNKEEPER_REQUEST_LOG).toBe(
      '1',
    )
  })

  it('seeds the demo folder, and offers the owner set-up only on a real folder, whatever the desk’s environment says', () => {
    const demo = backendEnv(
      { INNKEEPER_DEMO: '0', INNKEEPER_OWNER_SETUP: '1' },
      { dataDir: '/demo', requestLogs: false, demo: true },
    )
    expect(demo).toMatchObject({ INNKEEPER_DEMO: '1', INNKEEPER_OWNER_SETUP: '0', INNKEEPER_DEMO_DATA: '1' })
    const real = backendEnv(
      { INNKEEPER_DEMO: '1', INNKEEPER_OWNER_SETUP: '0' },
      { dataDir: '/data', requestLogs: false, demo: false },
    )
    expect(real).toMatchObject({ INNKEEPER_DEMO: '0', INNKEEPER_OWNER_SETUP: '1', INNKEEPER_DEMO_DATA: '0' })
  })
})
