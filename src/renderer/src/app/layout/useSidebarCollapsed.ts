import { useCallback, useState } from 'react'
import { useMediaQuery } from '../../ui/useMediaQuery'

const STORAGE_KEY = 'isSidebarCollapsed'
/** Below this width the full sidebar takes room the tables need (a laptop beside a card reader). */
const NARROW_WINDOW = '(max-width: 1199px)'

function storedChoice(): boolean | null {
  const stored = window.localStorage.getItem(STORAGE_KEY)
  return stored === 'true' || stored === 'false' ? stored === 'true' : null
}

/**
 * Whether the sidebar shows icons only. The user's choice is kept across reloads; until there is
 * one, the sidebar folds in narrow windows and unfolds in wide ones as the window is resized.
 */
export function useSidebarCollapsed(): [isCollapsed: boolean, toggle: () => void] {
  const [choice, setChoice] = useState(storedChoice)
  const isNarrow = useMediaQuery(NARROW_WINDOW)
  const isCollapsed = choice ?? isNarrow
  const toggle = useCallback(() => {
    window.localStorage.setItem(STORAGE_KEY, String(!isCollapsed))
    setChoice(!isCollapsed)
  }, [isCollapsed])
  return [isCollapsed, toggle]
}
