import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'electron-vite'
import { chromium, type Browser } from 'playwright-core'
import { DEMO_STAFF } from '../src/server/seed'
import { openBarePage } from './barePage'
import { summarize, type Latency } from './stats'
import { chromiumLaunchOptions } from '../tests/support/chromium'

export interface AppBuild {
  serverJs: string
  rendererDir: string
}

/** The production build (main, preload with the backend, renderer) into `outDir`, with Vite's manifest. */
export async function buildApp(root: string, outDir: string): Promise<AppBuild> {
  await build({ root, logLevel: 'error', build: { outDir, manifest: true } })
  return builtApp(outDir)
}

/** The app electron-vite built into outDir. */
export function builtApp(outDir: string): AppBuild {
  return { serverJs: join(outDir, 'main', 'server.js'), rendererDir: join(outDir, 'renderer') }
}

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

export interface LoginBundle {
  /** Gzipped JavaScript the browser must load before the login screen shows. */
  gzipKb: number
  files: { file: string; gzipKb: number }[]
  /** Route chunks and the charts that are NOT among them (must all be, to load lazily). */
  lazy: { chunk: string; lazy: boolean }[]
}

const LOGIN_ROUTE = 'src/features/auth/LoginPage.tsx'
/** The app (React DOM, Ant Design): the entry imports it once it has started the first requests. */
const APP_SHELL = 'src/app/mount.tsx'
/** What must never be part of the login screen's JavaScript. */
const LAZY_MODULES = [
  'src/features/dashboard/charts/DashboardCharts.tsx',
  'src/features/dashboard/DashboardPage.tsx',
  'src/features/bookings/BookingsPage.tsx',
  'src/features/cabins/CabinsPage.tsx',
  'src/app/AppLayout.tsx',
]

/**
 * From the build's module graph: the entry chunk, the app it imports next and the login route's chunk,
 * each with everything it imports statically — what the browser runs to show the login screen. Each file is
 * gzipped on its own, as a server sends it.
 */
export function loginBundle(rendererDir: string): LoginBundle {
  const manifest = JSON.parse(readFileSync(join(rendererDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entry || !manifest[APP_SHELL] || !manifest[LOGIN_ROUTE])
    throw new Error('The manifest has no entry, app or login route chunk')
  const needed = new Set<string>()
  const visit = (key: string) => {
    if (needed.has(key)) return
    needed.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  visit(entry)
  visit(APP_SHELL)
  visit(LOGIN_ROUTE)
  const files = [...needed]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipKb: gzipSync(readFileSync(join(rendererDir, file))).length / 1024 }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
  return {
    gzipKb: files.reduce((sum, f) => sum + f.gzipKb, 0),
    files,
    lazy: LAZY_MODULES.map((chunk) => ({ chunk, lazy: !needed.has(chunk) })),
  }
}

const STATS = ['Bookings', 'Sales', 'Check ins', 'Occupancy rate']

/**
 * Chromium opening the app (web mode, served by the backend at `url`) already signed in, until the
 * dashboard's four figures are on screen: milliseconds since navigation start, each run in a fresh
 * browser context (empty HTTP cache) given the session a sign-in stored. The page is driven over the
 * bare DevTools protocol (`openBarePage`), as the app's window has no debugger: with Playwright's
 * Runtime domain on, V8 took a detailed stack trace of each `Error` React DOM makes as it loads, and
 * re-parsed the whole app chunk for it (~100 ms of main thread on a loaded machine, under 1 ms without).
 */
export async function dashboardPageLoad(url: string, runs: number): Promise<Latency> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const session = await signedInSession(browser, url)
    const samples: number[] = []
    // The first run warms what a fresh context cannot throw away (the browser's own start-up work).
    for (let run = 0; run <= runs; run++) {
      const page = await openBarePage(browser, {
        width: 1280,
        height: 720,
        initScript: `(${noteFiguresShown.toString()})(${JSON.stringify({ entries: session, titles: STATS })})`,
      })
      try {
        await page.send('Page.navigate', { url: `${url}/#/dashboard` })
        // The app's document, not the blank one it replaces, once the navigation has committed.
        await page.waitFor('window.figuresShown', 30_000)
        const shownAt = await page.evaluate<number>('window.figuresShown')
        if (run > 0) samples.push(shownAt)
      } finally {
        await page.close()
      }
    }
    return summarize(samples)
  } finally {
    await browser.close()
  }
}

/**
 * Runs in the page before its scripts: stores the session, then checks at each animation frame
 * whether the four figures are on screen; `window.figuresShown` resolves with the time they first are.
 */
function noteFiguresShown({ entries, titles }: { entries: [string, string][]; titles: string[] }): void {
  for (const [key, value] of entries) window.sessionStorage.setItem(key, value)
  const shown = new Promise<number>((resolve) => {
    const check = () => {
      const all = titles.every((title) => {
        const value = document.querySelector(`section[aria-label="${title}"] p`)
        return value && value.textContent && value.getBoundingClientRect().height > 0
      })
      if (all) resolve(performance.now())
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  Object.assign(window, { figuresShown: shown })
}

/** Signs in through the login screen once and returns the session supabase-js stored (sessionStorage). */
export async function signedInSession(browser: Browser, url: string): Promise<[string, string][]> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${url}/#/login`)
  await page.getByLabel('Email address').fill(DEMO_STAFF.email)
  await page.getByLabel('Password').fill(DEMO_STAFF.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/#\/dashboard/)
  const session = await page.evaluate(() => Object.entries(window.sessionStorage))
  await context.close()
  if (session.length === 0) throw new Error('Signing in stored no session')
  return session
}
