/**
 * Whether the desk is saving something right now: a write request (anything but GET, HEAD or
 * OPTIONS) from the window to the backend it is connected to, seen by main through the session's
 * webRequest hooks. The updater waits for none to be in flight, so a check-in is never the moment
 * something else starts.
 */

interface RequestDetails {
  id: number
  url: string
  method: string
}

/** The part of Electron's WebRequest read here; a fake in tests. */
export interface WebRequestHooks {
  onBeforeRequest(listener: (details: RequestDetails, callback: (response: object) => void) => void): void
  onCompleted(listener: (details: { id: number }) => void): void
  onErrorOccurred(listener: (details: { id: number }) => void): void
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function trackBackendWrites(
  hooks: WebRequestHooks,
  backendUrl: () => string | undefined,
): () => boolean {
  const inFlight = new Set<number>()
  hooks.onBeforeRequest((details, callback) => {
    const backend = backendUrl()
    if (backend && !READS.has(details.method.toUpperCase()) && details.url.startsWith(`${backend}/`))
      inFlight.add(details.id)
    callback({})
  })
  hooks.onCompleted(({ id }) => inFlight.delete(id))
  hooks.onErrorOccurred(({ id }) => inFlight.delete(id))
  return () => inFlight.size > 0
}
