import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodePng } from './png'

describe('encodePng', () => {
  it('writes a PNG whose pixels decode back unchanged', () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 10, 20, 30, 10, 20, 31, 200, 200, 200, 0, 0, 0])
    const png = Buffer.from(encodePng(3, 2, rgb))
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([3, 2, 8, 2])

    const idatLength = png.readUInt32BE(33)
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT')
    const raw = inflateSync(png.subarray(41, 41 + idatLength))
    expect(unfilter(raw, 3, 2)).toEqual(rgb)
  })

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(5))).toThrow('rgb must hold width × height × 3 bytes')
  })
})

/** The decoder side of PNG's five row filters, for an 8-bit RGB image. */
function unfilter(raw: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3
  const out = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)]
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]
      const a = i >= 3 ? out[y * stride + i - 3] : 0
      const b = y > 0 ? out[(y - 1) * stride + i] : 0
      const c = i >= 3 && y > 0 ? out[(y - 1) * stride + i - 3] : 0
      const p = a + b - c
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c
      const predictor = [0, a, b, (a + b) >> 1, paeth][type]
      out[y * stride + i] = (x + predictor) & 0xff
    }
  }
  return out
}
