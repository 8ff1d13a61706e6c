import { useEffect } from 'react'
import { useMatches, type Params } from 'react-router-dom'

/** What a route puts in the window's title, from its `handle`. */
export interface TitleHandle {
  title: string | ((params: Params) => string)
}

const APP_NAME = 'Innkeeper'

const windowTitle = (page: string | undefined) => (page ? `${page} · ${APP_NAME}` : APP_NAME)

function hasTitle(handle: unknown): handle is TitleHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle
}

/** "Bookings · Innkeeper": the deepest route that names itself titles the window (WCAG 2.4.2). */
export function RouteTitle() {
  const matches = useMatches()
  const titled = matches.findLast(({ handle }) => hasTitle(handle))
  const title = titled && hasTitle(titled.handle) ? titled.handle.title : undefined
  const page = typeof title === 'function' ? title(titled!.params) : title
  useEffect(() => {
    document.title = windowTitle(page)
  }, [page])
  return null
}

/**
 * A screen that learns a better title than its route's once its data is in ("Ana Costa" for
 * "Guest #7") puts it in the window's title. RouteTitle, drawn before the screen, titles the next
 * route as usual.
 */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    if (page) document.title = windowTitle(page)
  }, [page])
}
