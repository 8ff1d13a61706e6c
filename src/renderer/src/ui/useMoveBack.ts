import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'

/**
 * Back one page, like the browser's Back button. A screen opened in a fresh window (a shared link,
 * the desktop app's first screen) has nothing behind it, so it goes to `fallback` instead.
 */
export function useMoveBack(fallback: string): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    if (window.history.length > 1) navigate(-1)
    else navigate(fallback, { replace: true })
  }, [navigate, fallback])
}
