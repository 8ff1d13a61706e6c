import { seededRandom, type Random } from '../../src/server/seed/random'

/**
 * A flat-style "cabin in the woods" illustration, drawn procedurally so the demo needs no
 * third-party photos. Skies are colour bands rather than smooth gradients: it suits the style and
 * keeps the PNGs small. Everything is drawn at twice the size and averaged down, for smooth edges.
 */
export type Rgb = readonly [number, number, number]

export interface Scene {
  seed: number
  skyTop: Rgb
  skyBottom: Rgb
  /** Sun or moon: centre, radius and colour; glow is the halo colour. */
  sun: { x: number; y: number; r: number; color: Rgb; glow: Rgb }
  stars?: boolean
  mountains: Rgb
  snowyPeaks?: boolean
  hills: Rgb
  mist?: Rgb
  lake?: Rgb
  ground: Rgb
  groundShade: Rgb
  pines: Rgb
  /** Round-crowned trees in these colours (autumn). */
  leaves?: Rgb[]
  snow?: boolean
  wall: Rgb
  roof: Rgb
  windowLight: Rgb
  cabinX: number
}

export const WIDTH = 800
export const HEIGHT = 533
const S = 2
const W = WIDTH * S
const H = HEIGHT * S

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

const shade = (c: Rgb, t: number): Rgb => mix(c, [0, 0, 0], t)
const tint = (c: Rgb, t: number): Rgb => mix(c, [255, 255, 255], t)

class Canvas {
  readonly data = new Float32Array(W * H * 3)

  /** Blends colour into pixel rows y0..y1 (image units) between x0 and x1 (image units). */
  private span(py: number, x0: number, x1: number, c: Rgb, alpha: number): void {
    const from = Math.max(0, Math.round(x0 * S))
    const to = Math.min(W, Math.round(x1 * S))
    for (let px = from; px < to; px++) {
      const i = (py * W + px) * 3
      this.data[i] += (c[0] - this.data[i]) * alpha
      this.data[i + 1] += (c[1] - this.data[i + 1]) * alpha
      this.data[i + 2] += (c[2] - this.data[i + 2]) * alpha
    }
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
    this.polygon(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      c,
      alpha,
    )
  }

  /** Even-odd scanline fill; points in image units. */
  polygon(points: readonly (readonly [number, number])[], c: Rgb, alpha = 1): void {
    const ys = points.map((p) => p[1] * S)
    const top = Math.max(0, Math.floor(Math.min(...ys)))
    const bottom = Math.min(H - 1, Math.ceil(Math.max(...ys)))
    for (let py = top; py <= bottom; py++) {
      const sy = py + 0.5
      const xs: number[] = []
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i]
        const [bx, by] = points[(i + 1) % points.length]
        const y0 = ay * S
        const y1 = by * S
        if ((y0 <= sy && y1 > sy) || (y1 <= sy && y0 > sy)) {
          xs.push((ax + ((sy - y0) / (y1 - y0)) * (bx - ax)) * S)
        }
      }
      xs.sort((a, b) => a - b)
      for (let i = 0; i + 1 < xs.length; i += 2) this.span(py, xs[i] / S, xs[i + 1] / S, c, alpha)
    }
  }

  circle(cx: number, cy: number, r: number, c: Rgb, alpha = 1): void {
    const top = Math.max(0, Math.floor((cy - r) * S))
    const bottom = Math.min(H - 1, Math.ceil((cy + r) * S))
    for (let py = top; py <= bottom; py++) {
      const dy = (py + 0.5) / S - cy
      if (Math.abs(dy) > r) continue
      const dx = Math.sqrt(r * r - dy * dy)
      this.span(py, cx - dx, cx + dx, c, alpha)
    }
  }

  /** Fills everything below the curve y = f(x). */
  below(f: (x: number) => number, c: Rgb, alpha = 1): void {
    for (let px = 0; px < W; px++) {
      const from = Math.max(0, Math.round(f((px + 0.5) / S) * S))
      for (let py = from; py < H; py++) {
        const i = (py * W + px) * 3
        this.data[i] += (c[0] - this.data[i]) * alpha
        this.data[i + 1] += (c[1] - this.data[i + 1]) * alpha
        this.data[i + 2] += (c[2] - this.data[i + 2]) * alpha
      }
    }
  }

  /** Horizontal colour bands from y0 to y1 (image units). */
  bands(y0: number, y1: number, c0: Rgb, c1: Rgb, count: number): void {
    for (let b = 0; b < count; b++) {
      const top = y0 + ((y1 - y0) * b) / count
      this.rect(0, top, WIDTH, (y1 - y0) / count + 0.5, mix(c0, c1, b / (count - 1)))
    }
  }

  /** Averages each S×S block into one 8-bit RGB pixel. */
  toRgb(): Uint8Array {
    const out = new Uint8Array(WIDTH * HEIGHT * 3)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        for (let ch = 0; ch < 3; ch++) {
          let sum = 0
          for (let dy = 0; dy < S; dy++) {
            for (let dx = 0; dx < S; dx++) sum += this.data[((y * S + dy) * W + x * S + dx) * 3 + ch]
          }
          out[(y * WIDTH + x) * 3 + ch] = Math.max(0, Math.min(255, Math.round(sum / (S * S))))
        }
      }
    }
    return out
  }
}

function ridge(base: number, amplitude: number, seed: number): (x: number) => number {
  const rnd = seededRandom(seed)
  const waves = Array.from({ length: 4 }, (_, i) => ({
    frequency: (0.004 + rnd() * 0.006) * (i + 1),
    phase: rnd() * Math.PI * 2,
    weight: 1 / (i + 1.3),
  }))
  return (x) =>
    base -
    amplitude * waves.reduce((sum, w) => sum + w.weight * Math.abs(Math.sin(x * w.frequency + w.phase)), 0)
}

function pine(canvas: Canvas, x: number, baseY: number, height: number, color: Rgb, snow: boolean): void {
  const trunkWidth = Math.max(2, height * 0.07)
  canvas.rect(x - trunkWidth / 2, baseY - height * 0.18, trunkWidth, height * 0.18, [74, 52, 38])
  for (let tier = 0; tier < 4; tier++) {
    const bottom = baseY - height * (0.12 + tier * 0.19)
    const half = height * 0.27 * (1 - tier * 0.2)
    const apex = bottom - height * 0.36
    canvas.polygon(
      [
        [x - half, bottom],
        [x, apex],
        [x + half, bottom],
      ],
      color,
    )
    // The right half in shadow gives the tree some volume.
    canvas.polygon(
      [
        [x, bottom],
        [x, apex],
        [x + half, bottom],
      ],
      shade(color, 0.22),
    )
    if (snow) {
      canvas.polygon(
        [
          [x - half * 0.45, apex + (bottom - apex) * 0.45],
          [x, apex],
          [x + half * 0.45, apex + (bottom - apex) * 0.45],
        ],
        [240, 246, 252],
      )
    }
  }
}

function roundTree(canvas: Canvas, x: number, baseY: number, height: number, leaves: Rgb, rnd: Random): void {
  canvas.rect(x - height * 0.04, baseY - height * 0.5, height * 0.08, height * 0.5, [84, 58, 40])
  const r = height * 0.26
  for (let i = 0; i < 6; i++) {
    const cx = x + (rnd() - 0.5) * r * 1.4
    const cy = baseY - height * 0.62 + (rnd() - 0.5) * r
    canvas.circle(cx, cy, r * (0.6 + rnd() * 0.35), i % 2 ? leaves : shade(leaves, 0.15))
  }
}

function cabin(canvas: Canvas, scene: Scene, groundY: number): void {
  const x = scene.cabinX
  const width = 190
  const height = 92
  const top = groundY - height
  const wallDark = shade(scene.wall, 0.25)

  canvas.rect(x - 8, groundY - 6, width + 16, 10, [96, 92, 88]) // stone footing
  canvas.rect(x, top, width, height, scene.wall)
  for (let y = top + 11; y < groundY - 4; y += 11) canvas.rect(x, y, width, 2, wallDark) // log seams
  canvas.rect(x + width - 44, top - 62, 22, 50, shade(scene.roof, 0.3)) // chimney

  const roof: [number, number][] = [
    [x - 26, top + 4],
    [x + width / 2, top - 78],
    [x + width + 26, top + 4],
  ]
  canvas.polygon(roof, scene.roof)
  canvas.polygon(
    [
      [x + width / 2, top - 78],
      [x + width + 26, top + 4],
      [x + width / 2, top + 4],
    ],
    shade(scene.roof, 0.18),
  )
  canvas.rect(x - 26, top + 2, width + 52, 6, shade(scene.roof, 0.4)) // eaves
  if (scene.snow) {
    canvas.polygon(
      [
        [x - 28, top - 2],
        [x + width / 2, top - 84],
        [x + width + 28, top - 2],
        [x + width + 16, top + 3],
        [x + width / 2, top - 70],
        [x - 16, top + 3],
      ],
      [244, 248, 252],
    )
  }

  // Gable window, two windows either side of the door, and the door.
  const glow = scene.windowLight
  canvas.circle(x + width / 2, top - 28, 12, shade(scene.wall, 0.45))
  canvas.circle(x + width / 2, top - 28, 9, glow)
  for (const wx of [x + 18, x + width - 58]) {
    canvas.rect(wx - 3, top + 22, 46, 40, shade(scene.wall, 0.45))
    canvas.rect(wx, top + 25, 40, 34, glow)
    canvas.rect(wx + 19, top + 25, 2, 34, shade(scene.wall, 0.45))
    canvas.rect(wx, top + 41, 40, 2, shade(scene.wall, 0.45))
  }
  canvas.rect(x + width / 2 - 19, top + 30, 38, height - 30, shade(scene.wall, 0.5))
  canvas.rect(x + width / 2 - 15, top + 34, 30, height - 34, shade(scene.wall, 0.3))
  canvas.circle(x + width / 2 + 9, top + 64, 2.2, [214, 178, 90])

  for (let i = 0; i < 5; i++) {
    canvas.circle(x + width - 30 + i * 9, top - 74 - i * 17, 7 + i * 3, [236, 236, 240], 0.28 - i * 0.04) // smoke
  }
}

export function renderScene(scene: Scene): Uint8Array {
  const canvas = new Canvas()
  const rnd = seededRandom(scene.seed)
  const horizon = 300
  const groundY = 430

  canvas.bands(0, horizon + 40, scene.skyTop, scene.skyBottom, 16)
  if (scene.stars) {
    for (let i = 0; i < 90; i++)
      canvas.circle(rnd() * WIDTH, rnd() * horizon * 0.8, 0.6 + rnd() * 0.9, [250, 250, 235])
  }
  const { sun } = scene
  for (let ring = 3; ring >= 1; ring--) canvas.circle(sun.x, sun.y, sun.r * (1 + ring * 0.55), sun.glow, 0.12)
  canvas.circle(sun.x, sun.y, sun.r, sun.color)

  const mountains = ridge(horizon - 10, 150, scene.seed + 1)
  canvas.below(mountains, scene.mountains)
  if (scene.snowyPeaks) {
    const snowLine = horizon - 105
    canvas.below((x) => Math.min(mountains(x), snowLine + 6 * Math.sin(x * 0.07)), [242, 245, 250])
    canvas.below((x) => Math.max(mountains(x), snowLine + 6 * Math.sin(x * 0.07)), scene.mountains)
  }
  if (scene.mist) canvas.bands(horizon - 60, horizon + 20, scene.skyBottom, scene.mist, 5)

  const hills = ridge(horizon + 40, 70, scene.seed + 2)
  canvas.below(hills, scene.hills)
  const treeline = mix(scene.hills, scene.pines, 0.5)
  for (let x = -10; x < WIDTH + 10; x += 9 + rnd() * 8) {
    pine(canvas, x, hills(x) + 14, 26 + rnd() * 22, treeline, Boolean(scene.snow))
  }
  if (scene.mist) canvas.rect(0, horizon + 10, WIDTH, 50, scene.mist, 0.35)

  if (scene.lake) {
    canvas.rect(0, horizon + 34, WIDTH, 60, scene.lake)
    for (let i = 0; i < 14; i++) {
      canvas.rect(rnd() * WIDTH, horizon + 38 + rnd() * 50, 30 + rnd() * 60, 2, tint(scene.lake, 0.35))
    }
  }

  const meadow = (x: number) => groundY - 48 + 10 * Math.sin(x * 0.006 + scene.seed)
  canvas.below(meadow, scene.ground)
  canvas.bands(groundY + 10, HEIGHT, scene.ground, scene.groundShade, 6)

  for (let i = 0; i < 7; i++) {
    const x = rnd() * WIDTH
    const base = meadow(x) + 30
    if (scene.leaves && i % 2 === 0)
      roundTree(canvas, x, base, 80 + rnd() * 40, scene.leaves[i % scene.leaves.length], rnd)
    else pine(canvas, x, base, 90 + rnd() * 60, scene.pines, Boolean(scene.snow))
  }

  cabin(canvas, scene, groundY)
  const door = scene.cabinX + 95
  canvas.polygon(
    [
      [door - 14, groundY + 4],
      [door + 14, groundY + 4],
      [door + 70, HEIGHT],
      [door - 40, HEIGHT],
    ],
    tint(scene.groundShade, 0.3),
  )

  // Big trees at the edges frame the picture.
  const edges = [-20 + rnd() * 40, 110 + rnd() * 40, WIDTH - 120 + rnd() * 40, WIDTH + 10 - rnd() * 30]
  for (const x of edges) {
    if (x > scene.cabinX - 60 && x < scene.cabinX + 250) continue
    if (scene.leaves && x > WIDTH / 2) roundTree(canvas, x, HEIGHT + 10, 260, scene.leaves[0], rnd)
    else pine(canvas, x, HEIGHT + 20, 300 + rnd() * 80, shade(scene.pines, 0.15), Boolean(scene.snow))
  }
  if (scene.snow) {
    for (let i = 0; i < 160; i++)
      canvas.circle(rnd() * WIDTH, rnd() * HEIGHT, 1 + rnd() * 1.8, [250, 252, 255], 0.85)
  }
  return canvas.toRgb()
}
