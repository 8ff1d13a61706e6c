import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import type { Database as ServerDatabase } from '../../src/server/db/types'
import type { Database } from '../../src/shared/database.types'
import { createTestDatabase, type TestDatabaseKind } from './testDatabases'
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server/index'

/** A clock tests move forward instead of sleeping. */
export class TestClock {
  private offsetMs = 0
  readonly now = () => Date.now() + this.offsetMs
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000
  }
}

export interface TestServer extends RunningServer {
  dataDir: string
  /** The PostgreSQL database the server runs on, if not PGlite (to start a server on it again). */
  databaseUrl?: string
  clock: TestClock
  /** The server's own database connection (as wrapped by options.wrapDatabase), for set-up and checks. */
  db: ServerDatabase
  /** A supabase-js client as the renderer makes it, without persistence or timers. */
  client(): SupabaseClient<Database>
  stop(): Promise<void>
}

/**
 * The real server on a random port and a fresh data folder, demo data seeded, logs off; on PGlite or
 * on a fresh database of the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function startTestServer(
  options: Partial<StartServerOptions> = {},
  kind: TestDatabaseKind = 'pglite',
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-test-'))
  const clock = new TestClock()
  const postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined
  let db: ServerDatabase | undefined
  const server = await startServer({
    dataDir,
    port: 0,
    log: false,
    now: clock.now,
    databaseUrl: postgres?.url,
    ...options,
    // The last database opened is the one the server keeps (a first run opens it twice).
    wrapDatabase: (opened) => (db = options.wrapDatabase ? options.wrapDatabase(opened) : opened),
  })
  if (!db) throw new Error('the server started without opening its database')
  return {
    ...server,
    dataDir,
    databaseUrl: postgres?.url,
    clock,
    db,
    client: () => supabaseClient(server.url, server.anonKey),
    async stop() {
      await server.close()
      await postgres?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A supabase-js client as the renderer makes it, minus persistence and timers (Node has no WebSocket). */
export function supabaseClient(url: string, anonKey: string): SupabaseClient<Database> {
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

export const DEMO_EMAIL = 'demo@innkeeper.local'
export const DEMO_PASSWORD = 'innkeeper-demo'

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** A response body as JSON; the fields tests read are strings or numbers. */
export async function json(response: Response): Promise<Record<string, string>> {
  return (await response.json()) as Record<string, string>
}
