/** The part of the server's test harness (tests/harness/testServer.ts) renderer tests use. */
export interface EmbeddedBackend {
  url: string
  anonKey: string
  stop(): Promise<void>
}

// Built at run time so the renderer's typecheck (DOM, no Node types) does not follow it into the
// server's sources; vitest resolves it like any other import.
const TEST_SERVER_MODULE = ['..', '..', '..', '..', 'tests', 'harness', 'testServer'].join('/')

/**
 * The real embedded backend on a free port with the demo data, for tests of a screen end to end;
 * options go to the server (StartServerOptions, e.g. `backups`).
 */
export async function startEmbeddedBackend(options: Record<string, unknown> = {}): Promise<EmbeddedBackend> {
  const harness = (await import(/* @vite-ignore */ TEST_SERVER_MODULE)) as {
    startTestServer(options: Record<string, unknown>): Promise<EmbeddedBackend>
  }
  return harness.startTestServer(options)
}
