import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import layout from '../src/renderer/src/ui/flagSprite.json'

const FLAGS = new URL('../node_modules/flag-icons/flags/4x3/', import.meta.url)
const SPRITE = new URL('../src/renderer/src/ui/flagSprite.png', import.meta.url)

/** A PNG's width and height, from its header chunk (IHDR, right after the 8-byte signature). */
function pngSize(file: URL): { width: number; height: number } {
  const png = readFileSync(file)
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe("gen-flag-sprite's sprite (npm run gen:flags writes it again after flag-icons changes)", () => {
  it('holds every flag the app bundles, and no other', () => {
    const bundled = readdirSync(FLAGS)
      .filter((file) => file.endsWith('.svg'))
      .map((file) => file.slice(0, -'.svg'.length))
      .sort()
    expect(layout.codes).toEqual(bundled)
  })

  it('is the image its layout describes: a grid of cells with their gutters', () => {
    const pitch = {
      width: layout.cell.width + 2 * layout.gutter,
      height: layout.cell.height + 2 * layout.gutter,
    }
    expect(layout.rows).toBe(Math.ceil(layout.codes.length / layout.columns))
    expect(pngSize(SPRITE)).toEqual({
      width: layout.columns * pitch.width,
      height: layout.rows * pitch.height,
    })
  })
})
