import { afterAll, beforeAll, expect, vi } from 'vitest'
import { initSupabase, supabase } from '../lib/supabase'
import type { Platform } from '../platform/types'

/** The part of the server's test harness (tests/harness/testServer.ts) renderer tests use. */
export interface EmbeddedBackend {
  url: string
  anonKey: string
  stop(): Promise<void>
}

// Built at run time so the renderer's typecheck (DOM, no Node types) does not follow it into the
// server's sources; vitest resolves it like any other import.
const TEST_SERVER_MODULE = ['..', '..', '..', '..', 'tests', 'harness', 'testServer'].join('/')

/** The server options renderer tests set (src/server/index.ts StartServerOptions). */
export interface EmbeddedBackendOptions {
  demo?: boolean
  ownerSetup?: boolean
  demoData?: boolean
  /** Backups (StartServerOptions['backups']): off unless given. */
  backups?: Record<string, unknown>
}

/**
 * The real embedded backend on a free port, for tests of a screen end to end: with the demo data,
 * or as a new desk's (no demo, owner set-up on).
 */
export async function startEmbeddedBackend(options: EmbeddedBackendOptions = {}): Promise<EmbeddedBackend> {
  const harness = (await import(/* @vite-ignore */ TEST_SERVER_MODULE)) as {
    startTestServer(options: EmbeddedBackendOptions): Promise<EmbeddedBackend>
  }
  return harness.startTestServer(options)
}

/**
 * Points the renderer's supabase client at a test backend, as a fresh browser of the given platform
 * kind: its session kept in memory, nothing shared with another test. Returns that platform.
 */
export function connectRendererTo(server: EmbeddedBackend, kind: Platform['kind'] = 'web'): Platform {
  const memory = new Map<string, string>()
  const platform: Platform = {
    kind,
    loadBackendConfig: vi.fn(),
    pickImage: vi.fn(),
    printing: { print: vi.fn() },
    saveCsv: vi.fn(),
    sessionStorageFor: () => ({
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }),
  }
  initSupabase({ supabaseUrl: server.url, supabaseAnonKey: server.anonKey }, platform)
  return platform
}

/** Signs the renderer's client in as the demo staff member. */
export async function signInAsDemoStaff(): Promise<void> {
  const { error } = await supabase().auth.signInWithPassword({
    email: 'demo@innkeeper.local',
    password: 'innkeeper-demo',
  })
  expect(error).toBeNull()
}

/**
 * For the enclosing describe block: one embedded backend started before its tests, the renderer
 * connected to it and signed in as the demo staff member, and everything stopped after them.
 * Returns the running backend, for tests that need its address.
 */
export function serveAsDemoStaff(options: EmbeddedBackendOptions = {}): () => EmbeddedBackend {
  let server: EmbeddedBackend | undefined
  beforeAll(async () => {
    server = await startEmbeddedBackend(options)
    connectRendererTo(server)
    await signInAsDemoStaff()
  }, 60_000)
  afterAll(async () => {
    await supabase().auth.stopAutoRefresh()
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('The embedded backend has not started')
    return server
  }
}
