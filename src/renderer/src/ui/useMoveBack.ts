import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'

/**
 * Whether the browser's previous entry is one of this app's screens. The browser's history length
 * cannot tell: it also counts pages before the app (a new tab's blank page, another site), where
 * Back would leave it. React Router numbers the entries of this page load (`idx`), from 0 at the
 * screen the app opened on; an entry without a number is an address changed in place (a typed hash),
 * which has this page's earlier screen behind it too.
 */
function hasScreenBehind(): boolean {
  const state: unknown = window.history.state
  const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined
  return index !== 0
}

/**
 * Back one screen, like the browser's Back button, but never out of the app: the screen the app
 * opened on (a shared link, the desktop app's first screen) goes to `fallback` instead.
 */
export function useMoveBack(fallback: string): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    if (hasScreenBehind()) navigate(-1)
    else navigate(fallback, { replace: true })
  }, [navigate, fallback])
}
