import { describe, expect, it } from 'vitest'
import layout from './flagSprite.json'
import { spriteFlag } from './flagSprite'

/** Where `position` and `size` put the sprite's top-left corner on an element `width` × `height`. */
function spriteOffset(flag: { position: string; size: string }, width: number, height: number) {
  const [px, py] = flag.position.split(' ').map((value) => parseFloat(value) / 100)
  const [sx, sy] = flag.size.split(' ').map((value) => parseFloat(value) / 100)
  return { x: (width - width * sx) * px, y: (height - height * sy) * py }
}

describe('spriteFlag', () => {
  it("puts a country's cell exactly over the element, at the calendar's size and at any other", () => {
    const pitch = {
      width: layout.cell.width + 2 * layout.gutter,
      height: layout.cell.height + 2 * layout.gutter,
    }
    for (const code of ['ad', 'pt', 'zw']) {
      const at = layout.codes.indexOf(code)
      const cell = {
        x: (at % layout.columns) * pitch.width + layout.gutter,
        y: Math.floor(at / layout.columns) * pitch.height + layout.gutter,
      }
      for (const width of [18, 24, 36]) {
        const height = (width * 3) / 4
        const scale = width / layout.cell.width
        const offset = spriteOffset(spriteFlag(code)!, width, height)
        expect(offset.x).toBeCloseTo(-cell.x * scale, 2)
        expect(offset.y).toBeCloseTo(-cell.y * scale, 2)
      }
    }
  })

  it('has no cell for a code it does not hold', () => {
    expect(spriteFlag('zz')).toBeNull()
  })
})
