// Writes src/renderer/src/ui/flagSprite.png and flagSprite.json from flag-icons' 4:3 flags:
// npm run gen:flags (again whenever flag-icons changes; scripts/gen-flag-sprite.test.ts checks they agree).
//
// Every flag the app draws comes from this sprite: the calendar's, on most of its bars, and the lists'.
// As SVG files, each country's flag is a document of its own that Chromium parses on the page's main
// thread (a frame and a page each, 3-17 ms apiece on a reception PC: ~60 of them before the
// calendar's first draw). One PNG of all of them is one image, decoded off the main thread. Chromium
// itself draws the flags, so they look as they do as SVG.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { format, resolveConfig } from 'prettier'

const root = new URL('..', import.meta.url).pathname
const FLAGS = join(root, 'node_modules/flag-icons/flags/4x3')
const OUT = join(root, 'src/renderer/src/ui')
/**
 * A flag's cell: twice the calendar's 18 × 13.5 px flag, for high-density screens; the lists' 24 × 18
 * px flags are drawn from it too. Cells of 48 × 36 px made the calendar's first draw slower here.
 */
const CELL = { width: 36, height: 27 }
/**
 * Around each cell, the flag's own edge stretched: a flag drawn smaller than its cell samples a pixel
 * or two beyond its edge, which must be its own colour, never its neighbour's.
 */
const GUTTER = 2
const COLUMNS = 16

const codes = readdirSync(FLAGS)
  .filter((file) => file.endsWith('.svg'))
  .map((file) => file.slice(0, -'.svg'.length))
  .sort()
const pitch = { width: CELL.width + 2 * GUTTER, height: CELL.height + 2 * GUTTER }
const rows = Math.ceil(codes.length / COLUMNS)
const size = { width: COLUMNS * pitch.width, height: rows * pitch.height }

const image = (code, left, top, width, height) => {
  const svg = readFileSync(join(FLAGS, `${code}.svg`)).toString('base64')
  return `<img src="data:image/svg+xml;base64,${svg}" style="left:${left}px;top:${top}px;width:${width}px;height:${height}px">`
}
const cells = codes.map((code, index) => {
  const left = (index % COLUMNS) * pitch.width
  const top = Math.floor(index / COLUMNS) * pitch.height
  return (
    image(code, left, top, pitch.width, pitch.height) +
    image(code, left + GUTTER, top + GUTTER, CELL.width, CELL.height)
  )
})
const html = `<!doctype html><style>html,body{margin:0}img{position:absolute;display:block}</style>${cells.join('')}`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const page = await browser.newPage({ viewport: size, deviceScaleFactor: 1 })
  await page.setContent(html)
  await page.waitForFunction('[...document.images].every((img) => img.complete && img.naturalWidth > 0)')
  writeFileSync(join(OUT, 'flagSprite.png'), await page.screenshot({ clip: { x: 0, y: 0, ...size } }))
} finally {
  await browser.close()
}
const layout = { cell: CELL, gutter: GUTTER, columns: COLUMNS, rows, codes }
const layoutFile = join(OUT, 'flagSprite.json')
const prettier = { ...(await resolveConfig(layoutFile)), filepath: layoutFile }
writeFileSync(layoutFile, await format(JSON.stringify(layout), prettier))
console.log(`Wrote ${codes.length} flags, ${size.width} × ${size.height} px, into ${OUT}/flagSprite.png`)
