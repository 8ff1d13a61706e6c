import { useEffect, useState } from 'react'

/** The value once it has held still for `delay` ms: a search asks the server when typing pauses. */
export function useDebouncedValue<Value>(value: Value, delay = 250): Value {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}
