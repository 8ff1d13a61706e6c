import { createReadStream, existsSync, mkdirSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type CDPSession } from 'playwright-core'
import { localTimeZone, today } from '@shared/clock'
import { openDatabase } from '../src/server/db/open'
import { chromiumLaunchOptions } from '../tests/support/chromium'
import { startBackend } from './backend'
import { openBarePage, type BarePage } from './barePage'
import { buildLargeProperty } from './largeProperty'
import { signedInSession, type AppBuild } from './renderer'

export interface ExportFigures {
  /** Records in the file (header excluded): every booking. */
  rows: number
  megabytes: number
  /** From the click on "Export CSV" to the whole file downloaded. */
  seconds: number
  /** Peaks while exporting: the page's JavaScript heap (CDP Performance.getMetrics, JSHeapUsedSize)… */
  peakJsHeapMb: number
  /**
   * …and the private resident memory of Chromium's renderer processes (their pids from CDP
   * SystemInfo, RssAnon from /proc: without the shared buffers counted in every process that maps them).
   */
  peakRendererRssMb: number | null
  /** The same, on All bookings before the click. */
  rendererRssBeforeMb: number | null
}

const SAMPLE_MS = 100

/**
 * "Export CSV" of every booking on All bookings, in Chromium, on the backend at `url` serving the
 * build, in a page without DevTools' network instrumentation (see `openBarePage`). `download`: web
 * mode's Blob download, the file a desk would get, counted. `picker`: Chromium's save picker (which
 * cannot be answered headless) stood in for by a writable that drops each chunk, as the real one
 * hands it to the browser process: the renderer's own cost of the export.
 */
export async function measureBookingsExport(
  url: string,
  via: 'download' | 'picker' = 'download',
): Promise<ExportFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  const downloadPath = await mkdtemp(join(tmpdir(), 'innkeeper-export-'))
  try {
    const session = await signedInSession(browser, url)
    const page = await openBarePage(browser, {
      width: 1440,
      height: 900,
      downloadPath,
      initScript: `(${standIns.toString()})(${JSON.stringify({ entries: session, via })})`,
    })
    await page.send('Page.navigate', { url: `${url}/#/bookings` })
    await page.waitFor(
      `document.querySelector('table[aria-label="Bookings"] tbody tr [aria-label^="Booking #"]')`,
    )

    await page.send('Performance.enable')
    const browserCdp = await browser.newBrowserCDPSession()
    const before = await rendererRss(browserCdp)
    const sampler = startSampling(browserCdp, page)
    const started = performance.now()
    const downloading = via === 'download' ? page.nextDownload(600_000) : undefined
    await page.clickButton('Export CSV')
    let file: { rows: number; bytes: number }
    if (downloading) {
      file = await countRecords((await downloading).path)
    } else {
      await page.waitFor('window.exportWritten.closed', 600_000)
      const { lines, bytes } = await page.evaluate<{ lines: number; bytes: number }>('window.exportWritten')
      file = { rows: lines - 1, bytes }
    }
    const seconds = (performance.now() - started) / 1000
    const peaks = await sampler.stop()
    await page.close()
    return {
      rows: file.rows,
      megabytes: file.bytes / 2 ** 20,
      seconds,
      ...peaks,
      rendererRssBeforeMb: before === null ? null : before / 2 ** 20,
    }
  } finally {
    await browser.close()
    await rm(downloadPath, { recursive: true, force: true })
  }
}

/**
 * Runs in the page before the app: the signed-in session, and for `picker` a save picker whose
 * writable counts each chunk into one reused buffer (the count itself allocates nothing per chunk).
 */
function standIns({ entries, via }: { entries: [string, string][]; via: string }) {
  for (const [key, value] of entries) window.sessionStorage.setItem(key, value)
  const written = { bytes: 0, lines: 0, closed: false }
  const encoder = new TextEncoder()
  const scratch = new Uint8Array(16 * 2 ** 20)
  const dropEach = {
    write: async (chunk: string) => {
      written.bytes += encoder.encodeInto(chunk, scratch).written
      written.lines += chunk.split('\n').length - 1
    },
    close: async () => void (written.closed = true),
    abort: async () => {},
  }
  Object.assign(window, {
    exportWritten: written,
    showSaveFilePicker: via === 'picker' ? async () => ({ createWritable: async () => dropEach }) : undefined,
  })
  if (via === 'download') delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker
}

function startSampling(browserCdp: CDPSession, page: BarePage) {
  let peakJsHeap = 0
  let peakRss: number | null = null
  let running = true
  const sample = async () => {
    const { metrics } = await page.send<{ metrics: { name: string; value: number }[] }>(
      'Performance.getMetrics',
    )
    peakJsHeap = Math.max(peakJsHeap, metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0)
    const rss = await rendererRss(browserCdp)
    if (rss !== null) peakRss = Math.max(peakRss ?? 0, rss)
  }
  const loop = (async () => {
    while (running) {
      await sample().catch(() => {})
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      await sample().catch(() => {})
      return {
        peakJsHeapMb: peakJsHeap / 2 ** 20,
        peakRendererRssMb: peakRss === null ? null : peakRss / 2 ** 20,
      }
    },
  }
}

/** The largest resident set of Chromium's renderer processes, in bytes (Linux only: null elsewhere). */
async function rendererRss(browserCdp: CDPSession): Promise<number | null> {
  if (process.platform !== 'linux') return null
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number }>
  }
  let largest: number | null = null
  for (const { type, id } of processInfo) {
    if (type !== 'renderer') continue
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '')
    // Private memory: RssShmem (the compositor's shared buffers, fonts) is Chromium's, not the page's.
    const kb = Number(status.match(/^RssAnon:\s+(\d+) kB/m)?.[1])
    if (kb) largest = Math.max(largest ?? 0, kb * 1024)
  }
  return largest
}

async function countRecords(path: string): Promise<{ rows: number; bytes: number }> {
  let lines = 0
  let bytes = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    bytes += chunk.length
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
  }
  // Observations may hold line breaks inside quotes; the bench's have none. The header is one line.
  return { rows: lines - 1, bytes }
}

/**
 * Standalone (`node node_modules/.cache/export-bench.mjs <folder>`, through the bench's module swap):
 * builds the large property in `<folder>/data` the first time, then measures the export against it
 * with the build in `<folder>/out` (made once too, or `out/` of the worktree when it is given).
 */
export async function runExportBench(
  folder: string,
  build: AppBuild,
  via: 'download' | 'picker' = 'download',
): Promise<ExportFigures> {
  const dataDir = join(folder, 'data')
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true })
    const db = await openDatabase({ dataDir })
    try {
      const built = await buildLargeProperty(db, today(), localTimeZone())
      console.log(`built ${built.bookings} bookings in ${(built.ms / 1000).toFixed(0)} s`)
    } finally {
      await db.close()
    }
  }
  const backend = await startBackend({
    serverJs: build.serverJs,
    dataDir,
    demo: false,
    staticDir: build.rendererDir,
  })
  try {
    return await measureBookingsExport(backend.url, via)
  } finally {
    await backend.stop()
  }
}
