/**
 * One-off generator of the demo cabin pictures in resources/demo/cabins (committed; the seed embeds
 * them). Re-run after changing a scene: npx jiti scripts/demo-images/generate.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodePng } from './png'
import { HEIGHT, renderScene, WIDTH, type Scene } from './scene'

const warmLight = [255, 214, 120] as const
const paleLight = [250, 236, 196] as const

const DEMO_SCENES: Scene[] = [
  {
    // 001 — summer morning
    seed: 101,
    skyTop: [96, 160, 220],
    skyBottom: [222, 236, 240],
    sun: { x: 150, y: 90, r: 30, color: [255, 244, 200], glow: [255, 250, 220] },
    mountains: [128, 156, 180],
    hills: [98, 140, 110],
    ground: [132, 176, 96],
    groundShade: [96, 140, 70],
    pines: [44, 96, 64],
    wall: [150, 98, 60],
    roof: [150, 58, 48],
    windowLight: paleLight,
    cabinX: 300,
  },
  {
    // 002 — sunset
    seed: 202,
    skyTop: [70, 60, 130],
    skyBottom: [250, 170, 100],
    sun: { x: 600, y: 150, r: 40, color: [255, 210, 130], glow: [255, 180, 110] },
    mountains: [120, 80, 120],
    hills: [80, 60, 90],
    ground: [110, 100, 70],
    groundShade: [76, 66, 50],
    pines: [40, 50, 52],
    wall: [128, 82, 54],
    roof: [70, 52, 60],
    windowLight: warmLight,
    cabinX: 220,
  },
  {
    // 003 — starry night
    seed: 303,
    skyTop: [12, 20, 48],
    skyBottom: [44, 64, 110],
    sun: { x: 640, y: 80, r: 24, color: [240, 240, 220], glow: [160, 180, 220] },
    stars: true,
    mountains: [40, 54, 86],
    hills: [26, 40, 56],
    ground: [40, 60, 54],
    groundShade: [24, 38, 36],
    pines: [18, 38, 36],
    wall: [92, 64, 48],
    roof: [52, 44, 50],
    windowLight: warmLight,
    cabinX: 330,
  },
  {
    // 004 — winter
    seed: 404,
    skyTop: [150, 186, 216],
    skyBottom: [230, 238, 246],
    sun: { x: 600, y: 110, r: 26, color: [255, 252, 236], glow: [240, 246, 252] },
    mountains: [170, 186, 206],
    snowyPeaks: true,
    hills: [206, 220, 232],
    ground: [236, 242, 248],
    groundShade: [206, 218, 232],
    pines: [50, 88, 76],
    snow: true,
    wall: [134, 88, 58],
    roof: [110, 60, 50],
    windowLight: warmLight,
    cabinX: 280,
  },
  {
    // 005 — autumn
    seed: 505,
    skyTop: [120, 170, 210],
    skyBottom: [246, 226, 196],
    sun: { x: 120, y: 120, r: 28, color: [255, 236, 190], glow: [255, 230, 190] },
    mountains: [150, 140, 150],
    hills: [176, 120, 70],
    ground: [190, 150, 80],
    groundShade: [150, 110, 60],
    pines: [60, 90, 60],
    leaves: [
      [214, 96, 40],
      [232, 160, 50],
      [180, 60, 40],
    ],
    wall: [160, 110, 70],
    roof: [80, 70, 70],
    windowLight: paleLight,
    cabinX: 320,
  },
  {
    // 006 — lakeside
    seed: 606,
    skyTop: [70, 140, 210],
    skyBottom: [200, 228, 246],
    sun: { x: 680, y: 70, r: 26, color: [255, 250, 220], glow: [255, 252, 230] },
    mountains: [100, 130, 160],
    snowyPeaks: true,
    hills: [70, 116, 100],
    lake: [80, 150, 190],
    ground: [116, 164, 92],
    groundShade: [82, 128, 66],
    pines: [36, 86, 60],
    wall: [176, 120, 76],
    roof: [60, 80, 100],
    windowLight: paleLight,
    cabinX: 420,
  },
  {
    // 007 — misty dawn
    seed: 707,
    skyTop: [170, 150, 190],
    skyBottom: [250, 210, 200],
    sun: { x: 250, y: 120, r: 34, color: [255, 226, 200], glow: [255, 220, 210] },
    mountains: [160, 140, 170],
    hills: [120, 120, 140],
    mist: [236, 226, 232],
    ground: [120, 150, 110],
    groundShade: [90, 116, 86],
    pines: [56, 84, 80],
    wall: [140, 96, 70],
    roof: [96, 70, 80],
    windowLight: warmLight,
    cabinX: 480,
  },
  {
    // 008 — alpine summer
    seed: 808,
    skyTop: [40, 110, 200],
    skyBottom: [170, 210, 240],
    sun: { x: 120, y: 70, r: 28, color: [255, 250, 226], glow: [255, 252, 236] },
    mountains: [110, 120, 140],
    snowyPeaks: true,
    hills: [90, 150, 90],
    ground: [120, 190, 90],
    groundShade: [90, 150, 64],
    pines: [30, 90, 56],
    wall: [120, 80, 50],
    roof: [40, 50, 60],
    windowLight: paleLight,
    cabinX: 360,
  },
]

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../resources/demo/cabins')
mkdirSync(outDir, { recursive: true })
DEMO_SCENES.forEach((scene, index) => {
  const file = join(outDir, `cabin-${String(index + 1).padStart(3, '0')}.png`)
  const png = encodePng(WIDTH, HEIGHT, renderScene(scene))
  writeFileSync(file, png)
  console.log(`${file} ${(png.length / 1024).toFixed(0)} KB`)
})
