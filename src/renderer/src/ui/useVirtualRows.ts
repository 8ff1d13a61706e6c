import { useLayoutEffect, useState, type RefObject } from 'react'

/** Rows drawn above and below the visible ones, so a quick scroll never shows a blank band. */
const OVERSCAN_ROWS = 8

export interface VirtualRows {
  /** The first and one past the last row index to draw. */
  start: number
  end: number
}

/**
 * Which rows of a long list of fixed-height rows a scroll container shows, following its scrolling
 * and resizes: only those (and a margin) need to be in the DOM. `offset` is the height of what sits
 * above the first row inside the container (a sticky header). Until it is measured (or in jsdom,
 * where nothing is laid out) a screenful of rows is assumed.
 */
export function useVirtualRows(
  scroller: RefObject<HTMLElement | null>,
  { count, rowHeight, offset = 0 }: { count: number; rowHeight: number; offset?: number },
): VirtualRows {
  const [viewport, setViewport] = useState({ top: 0, height: 0 })
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () => setViewport({ top: element.scrollTop, height: element.clientHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    element.addEventListener('scroll', measure, { passive: true })
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', measure)
    }
  }, [scroller])
  const height = viewport.height || 1000
  const first = Math.floor(Math.max(viewport.top - offset, 0) / rowHeight)
  const last = Math.ceil((viewport.top - offset + height) / rowHeight)
  return {
    start: Math.max(first - OVERSCAN_ROWS, 0),
    end: Math.min(last + OVERSCAN_ROWS, count),
  }
}
