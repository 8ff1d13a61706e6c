import { useLayoutEffect, useState } from 'react'

/** Rows drawn above and below the visible ones, so a quick scroll never shows a blank band. */
const OVERSCAN_ROWS = 4
/** Until the container is laid out (or in jsdom, where nothing is): a screenful. */
const ASSUMED_HEIGHT = 1000

export interface VirtualRows {
  /** The first and one past the last row index to draw. */
  start: number
  end: number
}

/**
 * Which rows of a long list of fixed-height rows a scroll container shows, following its scrolling
 * and resizes: only those (and a margin) need to be in the DOM. `offset` is the height of what sits
 * above the first row inside the container (a sticky header). The container is given as an element
 * (null until it is in the DOM), not a ref: the rows may be drawn by a component inside it, whose
 * layout effects run before the container's ref is set.
 */
export function useVirtualRows(
  scroller: HTMLElement | null,
  { count, rowHeight, offset = 0 }: { count: number; rowHeight: number; offset?: number },
): VirtualRows {
  const [viewport, setViewport] = useState({ first: 0, last: 0 })
  useLayoutEffect(() => {
    const element = scroller
    if (!element) return
    // Kept as whole rows: a scroll within a row changes nothing, so nothing is drawn again.
    const measure = () => {
      const top = Math.max(element.scrollTop - offset, 0)
      const height = element.clientHeight || ASSUMED_HEIGHT
      const next = { first: Math.floor(top / rowHeight), last: Math.ceil((top + height) / rowHeight) }
      setViewport((shown) => (shown.first === next.first && shown.last === next.last ? shown : next))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    element.addEventListener('scroll', measure, { passive: true })
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', measure)
    }
  }, [scroller, rowHeight, offset])
  return {
    start: Math.max(viewport.first - OVERSCAN_ROWS, 0),
    end: Math.min(viewport.last + OVERSCAN_ROWS, count),
  }
}
