/** Latency figures of a series of timed calls, in milliseconds. */
export interface Latency {
  n: number
  p50: number
  p95: number
  p99: number
  max: number
}

/** Nearest-rank percentile: the smallest sample that at least `p` % of the samples do not exceed. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

export function summarize(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  }
}

/**
 * Times `runs` sequential calls after `warmup` untimed ones (which fill the server's statement,
 * schema and page caches, as the first minutes of a working day would). `call` gets the run's index.
 */
export async function timeCalls(
  call: (index: number) => Promise<unknown>,
  { warmup, runs }: { warmup: number; runs: number },
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await call(i)
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await call(i)
    samples.push(performance.now() - started)
  }
  return samples
}

/** How long each backend (and the direct SQL) is exercised before its figures are taken. */
export const WARM_UP_MS = 3000

/**
 * Calls `call` again and again for `ms` milliseconds (at least twice). A backend that has just started
 * runs its PGlite WebAssembly on the baseline tier until the engine has optimised it; a desk's backend
 * has been running for hours, so the figures are taken after this.
 */
export async function warmUp(call: () => Promise<unknown>, ms: number): Promise<void> {
  const until = performance.now() + ms
  for (let i = 0; i < 2 || performance.now() < until; i++) await call()
}
