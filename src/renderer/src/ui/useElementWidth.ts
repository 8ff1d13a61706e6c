import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * The element's content width in px, following its resizes; undefined until it has been measured
 * (or where nothing is laid out, as in jsdom). Measured before the first paint.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>()
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setWidth(element.clientWidth || undefined)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}
