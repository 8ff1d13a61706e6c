import spriteUrl from './flagSprite.png?no-inline'
import layout from './flagSprite.json'

/** A flag in the sprite, as the CSS background of an element of the flag's 4:3 shape, at any size. */
export interface SpriteFlag {
  image: string
  position: string
  size: string
}

const index = new Map(layout.codes.map((code, at) => [code, at]))
const pitch = { width: layout.cell.width + 2 * layout.gutter, height: layout.cell.height + 2 * layout.gutter }
const sprite = { width: layout.columns * pitch.width, height: layout.rows * pitch.height }
const percent = (value: number) => `${+(value * 100).toFixed(4)}%`

/**
 * Every bundled flag in one image (scripts/gen-flag-sprite.mjs), for flags drawn by the dozen: one
 * image decoded off the main thread, where each SVG flag is a document Chromium parses on it. The
 * sprite is scaled so that one cell fills the element; a percentage position p puts the sprite's
 * point p of the way across at the element's point p, so the cell at x lines up at x / (sprite − cell).
 */
export function spriteFlag(code: string): SpriteFlag | null {
  const at = index.get(code)
  if (at === undefined) return null
  const left = (at % layout.columns) * pitch.width + layout.gutter
  const top = Math.floor(at / layout.columns) * pitch.height + layout.gutter
  return {
    image: `url("${spriteUrl}")`,
    position: `${percent(left / (sprite.width - layout.cell.width))} ${percent(top / (sprite.height - layout.cell.height))}`,
    size: `${percent(sprite.width / layout.cell.width)} ${percent(sprite.height / layout.cell.height)}`,
  }
}
