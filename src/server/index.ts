import { mkdir } from 'node:fs/promises'
import { createServer } from 'node:http'
import { today as localToday } from '@shared/clock'
import { createAuthService } from './auth'
import { backupsDir, startBackups, type BackupOptions, type BackupSchedule } from './backup'
import { createBackupService } from './backup/service'
import { type AuthRateLimits, CLOSE_GRACE_MS } from './config'
import { closeMaintained, maintainAtStart, scheduleMaintenance } from './db/maintenance'
import { hasPgliteCluster, pgliteDir } from './db/clusterFolder'
import { finishSetUp, openDatabase } from './db/open'
import { syncFileFor, type SyncFile } from './db/pgliteDurability'
import type { Database } from './db/types'
import { createApp } from './http/app'
import { listenOnLastPort } from './http/lastPort'
import { createLogger, type Logger } from './http/log'
import { lockDataDir } from './dataDirLock'
import { loadKeys } from './keys'
import { attachRealtime, type RealtimeLimits } from './realtime'
import { createRestService } from './rest'
import { hashDemoPasswords, seedDemo } from './seed'
import { createStorageService } from './storage'
import { publicUrlFor, rebaseLoopbackPublicUrls } from './storage/publicUrls'

export interface StartServerOptions {
  /** Holds PGlite's files, stored objects and the JWT secret. */
  dataDir: string
  /** 0 (the default): the port this data folder had last time when it is free, else any free one. */
  port?: number
  /** Default 127.0.0.1; web mode for a local network passes 0.0.0.0. */
  host?: string
  /** Run on this PostgreSQL server instead of PGlite. */
  databaseUrl?: string
  /** A new PGlite data folder starts from this migrated cluster template (see db/template.ts). */
  pgliteTemplate?: string
  /** Serve the built renderer from here (web mode). */
  staticDir?: string
  /** Seed demo data into an empty database (default true). */
  demo?: boolean
  /** The desk's local date 'YYYY-MM-DD' for the seed, injectable for tests. */
  today?: () => string
  /** Milliseconds since the epoch for tokens, rate limits and timestamps, injectable for tests. */
  now?: () => number
  /** Structured logs on stdout: errors, events and requests (default true). */
  log?: boolean
  /** Auth's rate limits; each one given replaces its default in AUTH_RATE_LIMITS. */
  authRateLimits?: Partial<AuthRateLimits>
  /** With log on, a line per request too (default true). */
  requestLogs?: boolean
  /**
   * Back up the database and stored images at start and every 24 hours into <dataDir>/backups
   * (default off here; the process entry turns it on, so test servers do not pay for it).
   */
  backups?: boolean | BackupOptions
  /**
   * After creating a new PGlite data folder with initdb (no pgliteTemplate), open the database again
   * (default true): initdb leaves PGlite's memory grown. A caller about to start a fresh process on
   * the folder skips it.
   */
  reopenAfterSetUp?: boolean
  /**
   * Durable commits on PGlite: a write is answered only once its WAL is on disk (see
   * db/pgliteDurability.ts). Default off here, so test servers do not pay for it; the process entry
   * turns it on. A function replaces fsync (tests).
   */
  durableCommits?: boolean | SyncFile
  /**
   * The desktop app on a real data folder: while the database has no staff, its first run creates the
   * owner through /auth/v1/innkeeper/owner (auth/owner.ts). Off by default: web mode may serve a network.
   */
  ownerSetup?: boolean
  /** The desktop app's demo folder: the app says "demo data" on every screen (auth/owner.ts). */
  demoData?: boolean
  /** Started by the desktop app, which holds its single-instance lock (see dataDirLock's LockOptions). */
  desktop?: boolean
  /** Tests only: Realtime's limits (send buffer, idle timeout, …) in place of REALTIME_LIMITS. */
  realtimeLimits?: Partial<RealtimeLimits>
  /** Tests only: wraps the opened database, e.g. to record every SQL text the server sends. */
  wrapDatabase?: (db: Database) => Database
}

export interface RunningServer {
  url: string
  anonKey: string
  /** Bypasses row level security: for scripts and tests, never for the renderer. */
  serviceKey: string
  /** Resolves once every database change notified so far reached its Realtime subscribers. */
  realtimeSettled(): Promise<void>
  close(): Promise<void>
}

/**
 * Starts the embedded Supabase-compatible backend. The port is bound first so the public URL is known
 * for the seed's image URLs; requests that arrive before the database is ready wait for it.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const now = options.now ?? Date.now
  const logger = createLogger(options.log ?? true, undefined, options.requestLogs ?? true)
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
  const unlock = await lockDataDir(options.dataDir, { desktop: options.desktop })
  try {
    return await start(options, now, logger, unlock)
  } catch (error) {
    await unlock()
    throw error
  }
}

async function start(
  options: StartServerOptions,
  now: () => number,
  logger: Logger,
  unlock: () => Promise<void>,
): Promise<RunningServer> {
  const keys = await loadKeys(options.dataDir)

  let db: Database | undefined
  let baseUrl = ''
  let markReady!: (db: Database) => void
  let markFailed!: (error: unknown) => void
  const ready = new Promise<Database>((resolve, reject) => {
    markReady = resolve
    markFailed = reject
  })
  ready.catch(() => {})

  const storage = createStorageService({ dataDir: options.dataDir, now, logger })
  const backupOptions = options.backups === true ? {} : options.backups || undefined
  // Started once the database is ready (below); the backups endpoint reads it when called.
  let backups: BackupSchedule | undefined = undefined
  const app = createApp({
    ready,
    secret: keys.secret,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    services: [
      createRestService({ now }),
      createAuthService({
        secret: keys.secret,
        now,
        logger,
        rateLimits: options.authRateLimits,
        desk: { ownerSetup: options.ownerSetup, demoData: options.demoData },
      }),
      storage,
      createBackupService({
        dir: backupsDir(options.dataDir, backupOptions?.dir),
        schedule: () => backups,
      }),
    ],
    staticDir: options.staticDir,
    baseUrl: () => baseUrl,
    now,
    logger,
  })
  const server = createServer(app.handle)
  // A 10 MB upload over a slow network fits easily; a client that trickles bytes forever does not.
  server.requestTimeout = 120_000
  const realtime = attachRealtime({
    server,
    secret: keys.secret,
    now,
    logger,
    limits: options.realtimeLimits,
  })
  const port = await listenOnLastPort(server, options.port ?? 0, options.host ?? '127.0.0.1', options.dataDir)
  baseUrl = `http://${urlHost(options.host ?? '127.0.0.1')}:${port}`

  try {
    const open = async () => {
      const opened = await openDatabase({
        dataDir: options.dataDir,
        databaseUrl: options.databaseUrl,
        pgliteTemplate: options.pgliteTemplate,
        syncFile: syncFileFor(options.durableCommits),
        // A new cluster is set up once seeded too.
        setUpContinues: true,
      })
      return options.wrapDatabase ? options.wrapDatabase(opened) : opened
    }
    const newCluster = !options.databaseUrl && !hasPgliteCluster(options.dataDir)
    // Creating a cluster with initdb (no template) leaves PGlite's memory grown for good, and pgcrypto
    // loaded: opened again, the database starts as on any later day. About 40 MB less resident
    // memory for the rest of the day, ~1 s later. A template's cluster opens as on any later day.
    const reopen = newCluster && !options.pgliteTemplate && options.reopenAfterSetUp !== false
    // A new folder gets the demo: its password hashes take the thread pool while PGlite starts.
    const passwordHashes = newCluster && options.demo !== false ? hashDemoPasswords() : undefined
    passwordHashes?.catch(() => {})
    db = await open()
    await rebaseLoopbackPublicUrls(db, baseUrl)
    if (options.demo !== false && (await isEmpty(db))) {
      const database = db
      await seedDemo(database, {
        today: (options.today ?? localToday)(),
        publicUrlFor: (bucket: string, name: string) => publicUrlFor(baseUrl, bucket, name),
        putObject: (bucket: string, name: string, bytes: Uint8Array, mimetype: string) =>
          storage.putObject(database, bucket, name, bytes, mimetype),
        passwordHashes,
      })
      logger.info('demo data seeded')
      // The seeded tables get the statistics a start gives them (a reopen's start does it).
      if (!reopen) await maintainAtStart(db)
    }
    if (newCluster) await finishSetUp(options.dataDir)
    if (reopen) {
      const created = db
      db = undefined
      await created.close()
      db = await open()
    }
    await realtime.start(db)
    markReady(db)
  } catch (error) {
    markFailed(error)
    await realtime.close()
    server.close()
    server.closeAllConnections()
    await db?.close().catch(() => {})
    throw error
  }

  // After markReady: the first backup runs in the background and never delays start-up.
  backups = backupOptions
    ? startBackups(
        {
          dataDir: options.dataDir,
          db,
          databaseUrl: options.databaseUrl,
          holdRemovals: () => storage.holdRemovals(),
          now,
          logger,
        },
        backupOptions,
      )
    : undefined

  // PGlite has no autovacuum: the server looks for tables due for it while it runs.
  const maintenance = db.kind === 'pglite' ? scheduleMaintenance(db, logger) : undefined

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      app.beginClose()
      // Realtime clients are told to reconnect (1012) and the feed stops listening.
      await realtime.close()
      // A backup still copying must finish (or fail) before the database it reads is closed.
      const backupsStopped = backups?.stop()
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const deadline = Date.now() + CLOSE_GRACE_MS
      while (app.inFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
      server.closeAllConnections()
      await stopped
      await backupsStopped
      await maintenance?.stop()
      try {
        if (db) await closeMaintained(db, pgliteDir(options.dataDir), logger)
      } finally {
        await unlock()
      }
    })()
    return closing
  }
  return {
    url: baseUrl,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    realtimeSettled: () => realtime.settled(),
    close,
  }
}

/** The host to put in URLs: a wildcard address is reached through loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/** "Empty" means nobody could sign in yet and there is nothing to show: the seed then owns the data. */
async function isEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    'select exists (select 1 from auth.users) or exists (select 1 from public.cabins) as used',
  )
  return !rows[0]?.used
}
