import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'

/**
 * Whether the browser's previous entry is one of this app's screens. React Router numbers the
 * entries it made (`idx`, from 0 at the first screen it showed); the browser's own history length
 * also counts pages before the app (a new tab's blank page, another site), where Back would leave it.
 */
function hasScreenBehind(): boolean {
  const state: unknown = window.history.state
  const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined
  return typeof index === 'number' && index > 0
}

/**
 * Back one screen, like the browser's Back button, but never out of the app: a screen opened first
 * (a shared link, the desktop app's first screen, an address typed in) goes to `fallback` instead.
 */
export function useMoveBack(fallback: string): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    if (hasScreenBehind()) navigate(-1)
    else navigate(fallback, { replace: true })
  }, [navigate, fallback])
}
