import { useEffect, useState } from 'react'

/** How long typing pauses before a search asks the server: one request per word, not per letter. */
export const TYPING_PAUSE_MS = 300

/** The value once it has held still for `delay` ms: a search asks the server when typing pauses. */
export function useDebouncedValue<Value>(value: Value, delay = TYPING_PAUSE_MS): Value {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}
