import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'

const STORAGE_KEY = 'isDarkMode'

interface DarkModeValue {
  isDarkMode: boolean
  toggleDarkMode: () => void
}

const DarkModeContext = createContext<DarkModeValue | null>(null)

/** The stored choice wins; without one, the system preference decides. */
function initialDarkMode(): boolean {
  const stored = window.localStorage.getItem(STORAGE_KEY)
  if (stored !== null) {
    try {
      return JSON.parse(stored) === true
    } catch {
      // A hand-edited value falls back to the system preference.
    }
  }
  return window.matchMedia('(prefers-color-scheme: dark)').matches
}

export function DarkModeProvider({ children }: { children: ReactNode }) {
  const [isDarkMode, setIsDarkMode] = useState(initialDarkMode)

  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark-mode', isDarkMode)
    root.classList.toggle('light-mode', !isDarkMode)
    root.style.colorScheme = isDarkMode ? 'dark' : 'light'
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(isDarkMode))
  }, [isDarkMode])

  const toggleDarkMode = useCallback(() => setIsDarkMode((dark) => !dark), [])

  return (
    <DarkModeContext.Provider value={{ isDarkMode, toggleDarkMode }}>{children}</DarkModeContext.Provider>
  )
}

export function useDarkMode(): DarkModeValue {
  const value = useContext(DarkModeContext)
  if (!value) throw new Error('useDarkMode must be used inside DarkModeProvider')
  return value
}
