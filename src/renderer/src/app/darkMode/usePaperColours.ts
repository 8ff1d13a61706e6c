import { useLayoutEffect } from 'react'

/**
 * Light colours while a print view is shown, whatever the desk's display mode: paper is white, and
 * the page on screen is the page printed. The root classes are the display mode's (DarkModeProvider);
 * the desk's choice is kept and put back when the view closes.
 */
export function usePaperColours(): void {
  useLayoutEffect(() => {
    const root = document.documentElement
    if (!root.classList.contains('dark-mode')) return
    root.classList.replace('dark-mode', 'light-mode')
    root.style.colorScheme = 'light'
    return () => {
      root.classList.replace('light-mode', 'dark-mode')
      root.style.colorScheme = 'dark'
    }
  }, [])
}
