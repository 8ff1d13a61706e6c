/** Deterministic pseudo-random numbers (mulberry32): the same demo, and the same pictures, every time. */
export interface Random {
  (): number
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number
}

export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return Object.assign(next, {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  })
}
