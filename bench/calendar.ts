import { addDays } from '@shared/domain/format'
import { chromium } from 'playwright-core'
import { openBarePage } from './barePage'
import { getCalendarWindow } from '../src/renderer/src/features/calendar/service'
import { chromiumLaunchOptions } from '../tests/support/chromium'
import type { DeskDay } from './appFigures'
import { LARGE } from './largeProperty'
import { signedInSession } from './renderer'
import { summarize, timeCalls, warmUp, WARM_UP_MS, type Latency } from './stats'

/** The calendar's span the figures are taken at: the longer of its two. */
const DAYS = 31
/**
 * First days of the windows asked: the calendar's default (today − 2), the weeks around it where every
 * cabin is booked, and windows years back, where the index holds ten years of stays before them.
 */
const WINDOW_OFFSETS = [-2, -40, 12, -365, -700, -1200, -3000]

/**
 * calendar_window for a 31-day window at the large property, as the calendar screen asks it: through
 * its service, so the time includes unpacking the answer into the stays the screen draws.
 */
export async function measureCalendarWindow(desk: DeskDay, runs: number): Promise<Latency> {
  const windows = WINDOW_OFFSETS.map((days) => addDays(desk.today, days))
  await warmUp(async () => {
    for (const from of windows) await calendarWindow(from)
  }, WARM_UP_MS)
  return summarize(await timeCalls((i) => calendarWindow(windows[i % windows.length]), { warmup: 0, runs }))
}

async function calendarWindow(from: string) {
  const data = await getCalendarWindow(from, DAYS)
  // Each cabin has a stay in every month of the ten years: a cabin missing means a broken window, or
  // one cut short (as rows, the window was cut at the REST layer's 1 000 rows, about 100 cabins).
  const cabins = new Set(data.map((stay) => stay.cabinId)).size
  if (cabins < LARGE.cabins) throw new Error(`calendar_window from ${from} gave stays of ${cabins} cabins`)
  return data
}

export interface CalendarScroll {
  /** Distinct cabin rows drawn on the way from the top to the bottom (every one of them: 500). */
  rowsSeen: number
  /** Frames the scroll took, one step each. */
  frames: number
  /** The longest time between two frames while scrolling (requestAnimationFrame's timestamps). */
  longestFrameMs: number
  /** The usual frame, and how many took longer than the goal: one slow frame or a slow scroll. */
  medianFrameMs: number
  framesOver50Ms: number
  /**
   * The longest animation frame Chromium reported (Long Animation Frames: blocking over 50 ms) that
   * began once the scroll had: the frame that drew the grid ends after "drawn" and is reported too,
   * but it is the draw's (its render and first paint), not the scroll's.
   */
  longestAnimationFrameMs: number
  /**
   * Where the longest frame fell: its place in the scroll (0 is the first step), the scroll position
   * it started from and its start since navigation (the grid was drawn at `drawnMs`); and the scripts
   * Chromium named in the longest animation frame. A slow frame at the start is the page's own work
   * after the draw (a late answer, images, fonts), one later is the scroll's.
   */
  longestFrameAt: { frame: number; scrollTop: number; sinceNavigationMs: number }
  drawnMs: number
  longestAnimationFrameScripts: string[]
}

export interface CalendarPageFigures {
  /** From navigation to the 31-day grid of every cabin drawn with its bars. */
  load: Latency
  scroll: CalendarScroll
}

/** What a Long Animation Frames entry tells (not yet in TypeScript's DOM types). */
interface LongAnimationFrame extends PerformanceEntry {
  scripts: {
    invokerType: string
    invoker: string
    duration: number
    sourceURL: string
    sourceFunctionName: string
  }[]
}

const GRID = '[role="grid"][aria-label="Calendar"]'
/** A wheel turned briskly: about three cabin rows a frame. */
const SCROLL_STEP_PX = 120

/**
 * Chromium opening the calendar (web mode, served by the backend at `url`, already signed in) for 31
 * days, until the grid says it is drawn (aria-busy false) with its bars and that frame has been
 * painted: milliseconds since navigation start, each run in a fresh browser context. Then the last
 * page's grid is scrolled from the first cabin to the last, a step a frame as a wheel would, timing
 * every frame. The page is driven over the bare DevTools protocol, as the page load is (see
 * `dashboardPageLoad`): the app's window has no debugger, and Playwright's injected scripts and
 * Runtime domain cost the page's main thread time of their own.
 */
export async function measureCalendarPage(url: string, runs: number): Promise<CalendarPageFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const session = await signedInSession(browser, url)
    const samples: number[] = []
    let scroll: CalendarScroll | undefined
    // The first run warms what a fresh context cannot throw away (the browser's own start-up work).
    for (let run = 0; run <= runs; run++) {
      const page = await openBarePage(browser, {
        width: 1440,
        height: 900,
        initScript: `(${noteGridDrawn.toString()})(${JSON.stringify({ entries: session, grid: GRID })})`,
      })
      try {
        await page.send('Page.navigate', { url: `${url}/#/calendar?days=${DAYS}` })
        await page.waitFor('window.gridDrawn', 30_000)
        const drawnMs = await page.evaluate<number>('window.gridDrawn')
        if (run > 0) samples.push(drawnMs)
        if (run === runs) {
          const frames = await page.evaluate<Omit<CalendarScroll, 'drawnMs'>>(
            `(${scrollThroughRows.toString()})(${SCROLL_STEP_PX})`,
          )
          scroll = { ...frames, drawnMs: Math.round(drawnMs) }
        }
      } finally {
        await page.close()
      }
    }
    return { load: summarize(samples), scroll: scroll! }
  } finally {
    await browser.close()
  }
}

/**
 * Runs in the page before its scripts: stores the session, then looks at each animation frame for the
 * grid drawn (aria-busy false, with a bar laid out). `window.gridDrawn` resolves at the next frame, once
 * the frame that laid the grid out has been painted: timed at the first, the draw's own paint (50-67 ms
 * at idle) fell into the scroll's first frame instead.
 */
function noteGridDrawn({ entries, grid }: { entries: [string, string][]; grid: string }): void {
  for (const [key, value] of entries) window.sessionStorage.setItem(key, value)
  const drawn = new Promise<number>((resolve) => {
    const check = () => {
      const bar = document.querySelector(`${grid}[aria-busy="false"] [data-booking-id]`)
      if (bar && bar.getBoundingClientRect().height > 0)
        requestAnimationFrame(() => resolve(performance.now()))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  Object.assign(window, { gridDrawn: drawn })
}

/** Runs in the page: scrolls the grid from the first cabin to the last, a step a frame, timing each. */
async function scrollThroughRows(step: number): Promise<Omit<CalendarScroll, 'drawnMs'>> {
  const scroller = document.querySelector<HTMLElement>('[data-calendar-scroll]')
  if (!scroller) throw new Error('The calendar has no [data-calendar-scroll]')
  const rows = new Set<string>()
  const seeRows = () => {
    for (const row of scroller.querySelectorAll<HTMLElement>('[role="row"][data-cabin-id]'))
      rows.add(row.dataset.cabinId!)
  }
  let longestAnimationFrameMs = 0
  let scrollStart = Infinity
  let longestAnimationFrameScripts: string[] = []
  const observer = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
    ? new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LongAnimationFrame[]) {
          if (entry.startTime < scrollStart || entry.duration <= longestAnimationFrameMs) continue
          longestAnimationFrameMs = entry.duration
          longestAnimationFrameScripts = entry.scripts.map(
            (script) =>
              `${script.invokerType} ${script.invoker} ${Math.round(script.duration)} ms ` +
              `${script.sourceURL.split('/').pop()}:${script.sourceFunctionName}`,
          )
        }
      })
    : undefined
  observer?.observe({ type: 'long-animation-frame' })
  const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
  const gaps: number[] = []
  const starts: { scrollTop: number; at: number }[] = []
  let last = await nextFrame()
  scrollStart = last
  seeRows()
  for (;;) {
    const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1
    starts.push({ scrollTop: scroller.scrollTop, at: last })
    scroller.scrollTop += step
    const now = await nextFrame()
    gaps.push(now - last)
    last = now
    seeRows()
    if (atBottom) break
  }
  // Frames still to come are reported after they end.
  await nextFrame()
  observer?.disconnect()
  const sorted = [...gaps].sort((a, b) => a - b)
  const longest = gaps.indexOf(sorted[sorted.length - 1])
  return {
    rowsSeen: rows.size,
    frames: gaps.length,
    longestFrameMs: sorted[sorted.length - 1],
    medianFrameMs: sorted[Math.floor(sorted.length / 2)],
    framesOver50Ms: gaps.filter((gap) => gap > 50).length,
    longestAnimationFrameMs,
    longestFrameAt: {
      frame: longest,
      scrollTop: starts[longest].scrollTop,
      sinceNavigationMs: Math.round(starts[longest].at),
    },
    longestAnimationFrameScripts,
  }
}
