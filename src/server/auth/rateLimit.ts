import type { RateLimit } from '../config'

/**
 * Counts recent failures per key in memory. Losing the counts on restart is acceptable: the limit
 * slows password guessing down, it is not an audit log.
 */
export class FailureCounter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number,
    /** Bounds memory when someone sprays many distinct emails. */
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds until another attempt is allowed, or 0 when the key is under its limit. */
  retryAfter(key: string): number {
    const recent = this.recent(key)
    if (recent.length < this.rule.limit) return 0
    const oldest = recent[recent.length - this.rule.limit]
    return Math.max(1, Math.ceil((oldest + this.rule.windowSeconds * 1000 - this.now()) / 1000))
  }

  record(key: string): void {
    const recent = this.recent(key)
    recent.push(this.now())
    this.failures.delete(key)
    this.failures.set(key, recent)
    if (this.failures.size > this.maxKeys) {
      // Maps iterate in insertion order and record() re-inserts, so the first key is the stalest.
      const stalest = this.failures.keys().next().value
      if (stalest !== undefined) this.failures.delete(stalest)
    }
  }

  reset(key: string): void {
    this.failures.delete(key)
  }

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowSeconds * 1000
    const recent = (this.failures.get(key) ?? []).filter((time) => time > since)
    if (recent.length === 0) this.failures.delete(key)
    else this.failures.set(key, recent)
    return recent
  }
}
